/**
 * The public API paths of spec point 7. They are the contract even where the engine behind them
 * is not the vendor in the name.
 */
export const API_PATHS = {
  health: '/healthz',
  ready: '/readyz',
  docs: '/api/docs',
  auth: '/api/auth',
  // The identity service's session probe: 200 with `null` when nobody is signed in. Every page
  // asks it first (the route guards); index.html preloads it (apps/web/vite.config.ts).
  sessionProbe: '/api/auth/get-session',
  users: '/api/users',
  registerUser: '/api/users/register',
  updateProfile: '/api/users/profile',
  passwordResetNotice: '/api/users/password-reset',
  templates: '/api/templates/',
  templatesForUser: (id: string) => `/api/templates/user/${encodeURIComponent(id)}`,
  topicsForTemplate: (id: number) => `/api/topics/templateId/${id}`,
  // Issue 27: the clinician's own templates.
  ownTemplates: '/api/templates/mine',
  ownTemplate: (id: number) => `/api/templates/mine/${id}`,
  // Issue 27 (item 3): what Clerkly learned from the clinician's edits to one template's drafts.
  templateStyle: (id: number) => `/api/templates/${id}/style`,
  // Issue 29: clinics.
  clinic: '/api/clinic',
  clinicInvitations: '/api/clinic/invitations',
  clinicInvitationAccept: '/api/clinic/invitations/accept',
  clinicInvitation: (id: number) => `/api/clinic/invitations/${id}`,
  clinicLeave: '/api/clinic/leave',
  clinicMember: (userId: string) => `/api/clinic/members/${encodeURIComponent(userId)}`,
  clinicTemplates: '/api/clinic/templates',
  clinicTemplate: (id: number) => `/api/clinic/templates/${id}`,
  clinicAudit: '/api/clinic/audit',
  clinicAuditCsv: '/api/clinic/audit.csv',
  clinicRetention: '/api/clinic/retention',
  // Issue 29 item 3: the clinic's subscription.
  clinicBilling: '/api/clinic/billing',
  clinicBillingCheckout: '/api/clinic/billing/checkout',
  clinicBillingPortal: '/api/clinic/billing/portal',
  appointmentTypes: '/api/appointment-type/',
  patientSessions: '/api/patient-sessions/',
  patientSession: (id: number) => `/api/patient-sessions/${id}`,
  savedNotes: (cognitoId: string) => `/api/notes/user/${encodeURIComponent(cognitoId)}`,
  // Issue 13 (docs/decisions/009): the same saved notes, one page of sessions at a time.
  savedNotesPage: (cognitoId: string) => `/api/notes/user/${encodeURIComponent(cognitoId)}/page`,
  usage: '/api/usage/',
  currentSubscription: '/api/subscriptions/user/current',
  productList: '/api/stripe/product-list',
  createCheckoutSession: '/api/stripe/create-checkout-session',
  cancelSubscription: '/api/stripe/cancel-subscription',
  stripeWebhook: '/api/stripe/webhook',
  upload: '/api/deepgram/upload/',
  notesWithMoreTemplates: '/api/deepgram/notes-with-more-templates',
  regenerateNotes: '/api/deepgram/regenerate-notes',
  // Issue 9: the segment pipeline.
  sessionSegment: (sessionId: number, seq: number) =>
    `/api/patient-sessions/${sessionId}/segments/${seq}`,
  sessionTranscript: (sessionId: number) => `/api/patient-sessions/${sessionId}/transcript`,
  sessionGenerations: (sessionId: number) => `/api/patient-sessions/${sessionId}/generations`,
  generation: (id: number) => `/api/generations/${id}`,
  generationRetry: (id: number) => `/api/generations/${id}/retry`,
  // Issue 23: a session's audit trail, and the events only the browser sees (copy, export).
  sessionActivity: (sessionId: number) => `/api/patient-sessions/${sessionId}/activity`,
  // Issue 28: a saved note as a file or a FHIR resource; a session as a FHIR document Bundle.
  noteExport: (sessionId: number, templateId: number, format: string) =>
    `/api/patient-sessions/${sessionId}/notes/${templateId}/${format}`,
  sessionFhirBundle: (sessionId: number) => `/api/patient-sessions/${sessionId}/fhir-bundle`,
  // Issue 28 items 4–5: whether a record system is configured, sending a note, the sends.
  recordEndpoint: '/api/record-endpoint',
  sendToRecord: (sessionId: number, templateId: number) =>
    `/api/patient-sessions/${sessionId}/notes/${templateId}/send-to-record`,
  sessionRecordSends: (sessionId: number) => `/api/patient-sessions/${sessionId}/record-sends`,
  // Issue 23 (finding 6): a session's saved versions, one of them, and restoring one.
  sessionVersions: (sessionId: number) => `/api/patient-sessions/${sessionId}/versions`,
  sessionVersion: (sessionId: number, version: number) =>
    `/api/patient-sessions/${sessionId}/versions/${version}`,
  restoreSessionVersion: (sessionId: number, version: number) =>
    `/api/patient-sessions/${sessionId}/versions/${version}/restore`,
} as const;
