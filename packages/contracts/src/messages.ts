/**
 * Every user-facing message of the spec, word for word (points 5 and 8), defined once and used by
 * the web forms, the API's validation and the tests. Spelling mistakes are the spec's own.
 */
export const VALIDATION_MESSAGES = {
  emailRequired: 'Email cannot be empty!',
  emailInvalid: 'Invalid email format',
  passwordRequired: 'Password cannot be empty',
  currentPasswordRequired: 'Current password cannot be empty',
  passwordPolicy:
    'Password must be 8+ characters with an uppercase, lowercase, number, and special char.',
  newPasswordRequired: 'Password is required',
  newPasswordPolicy: 'Password must be 8+ characters with upper and lowercase, a number & a symbol',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'The passwords do not match',
  firstNameRequired: 'First name is required',
  firstNameTooShort: 'First name must be at least 2 characters',
  lastNameRequired: 'Last name is required',
  lastNameTooShort: 'Last name must be at least 2 characters',
  profileFirstNameRequired: 'First Name is required',
  profileLastNameRequired: 'Last Name is required',
  termsRequired: 'Please agree to the Terms of Service and Privacy Policy',
  professionRequired: 'Profession is required',
  codeInvalid: 'Enter a valid code',
  patientNameRequired: 'Patient name cannot be empty',
  appointmentTypeRequired: 'Select an appointment type',
  consentRequired:
    'Unfortunately, this session cannot be proceeded without the consent of the patient!',
} as const;

/** Toasts of spec point 8 (top-right, 5000 ms). */
export const TOASTS = {
  signInFailed: 'Error logging in user',
  signUpFailed: 'Signup failed. Please try again!',
  invalidOtp: 'Invalid OTP',
  otpVerificationFailed: 'OTP verfification failed',
  registrationFailedAtSignUp: 'Some error occured',
  registrationFailedAtLogin: 'User logged out due to registration failure',
  profileSetupFailed: 'Error setting up profile. Please try again!',
  profileSaveFailed: 'Error updating your profile',
  passwordChangeFailed: 'Failed updating password',
  sessionCreationFailed: 'Error creating session',
  audioProcessingFailed: 'Failed to process audio!',
  regenerationFailed: 'Failed to regenerate notes!',
  saveFailed: 'Failed saving session !',
  copyFailed: 'Failed copying to clipboard!',
  checkoutFailed: 'Failed creating checkout session',
  paymentFailed: 'Error processing payment!',
  cancelFailed: 'Failed cancelling subscription',
  setNewPasswordFailed: 'Error setting new password',
  forgotPasswordEmailFailed: 'Error signing in',
  profileSetUp: 'Your profile has been set successfully',
  profileSaved: 'Profile changes saved',
  passwordUpdated: 'Password updated',
  sessionSaved: 'Session saved successfully !',
  copiedRich: 'Copied to clipboard!',
  copiedPlain: 'Copied to clipboard (plain text)!',
  subscriptionCancelled: 'Subscription cancelled',
  otpSent: 'OTP has been sent to your email.',
  noContentToCopy: 'No content to copy!',
} as const;

/** Limits of spec points 8 and 9, also the API's 403 messages. */
export const LIMIT_MESSAGES = {
  trialSessionsExhausted:
    'You have exhausted the free trial usage of creating sessions. Upgrade to a pro plan.',
  trialNotesExhausted:
    'You have exhausted the free trial usage of generating sessions. Upgrade to a pro plan.',
  upgradeToCreateSessions: 'Upgrade to a pro plan to create sessions.',
  upgradeToGenerateNotes: 'Upgrade to a pro plan to generate notes.',
  trialTemplateLimit: 'The free trial allows at most 4 templates per generation.',
  noActiveSubscription: 'You have no active subscription',
} as const;

/** `error.code` of the API's 403 answers for the limits above. */
export const LIMIT_ERROR_CODES = {
  trialSessionsExhausted: 'TRIAL_SESSIONS_EXHAUSTED',
  trialNotesExhausted: 'TRIAL_NOTES_EXHAUSTED',
  trialTemplateLimit: 'TRIAL_TEMPLATE_LIMIT',
  upgradeRequired: 'UPGRADE_REQUIRED',
} as const;

/** Other fixed texts of spec points 4 and 8. */
export const MESSAGES = {
  otpRemaining: (mmss: string) => `Remaining time: ${mmss}`,
  otpExpired: 'OTP expired. Please request for an OTP.',
  exitSessionConfirm:
    'All unsaved changes will be lost. Would you still like to exit this session?',
  ttsUnsupported: 'Text-to-speech not supported in this browser.',
  /** Issue 26: the browser has speech synthesis but no voice, or speaking failed. */
  readAloudUnavailable: 'Reading aloud is not available in this browser',
  noOptionsFound: 'No options found',
} as const;

/** Issue 24: what the clinician is told when the recogniser was unsure of much of a recording. */
export const RECOGNITION_MESSAGES = {
  poorRecording:
    'Much of this recording was hard to recognise: check the transcript before relying on the notes',
  poorRecordingHelp:
    'Speak closer to the microphone, try the Audio Check, or use a stronger speech engine (Whisper or Deepgram, see the README).',
  uncertainWord: (percent: number) => `Recognised with ${percent} % confidence`,
  uncertainSentence: 'Rests on words the recogniser was unsure of: check it against the recording.',
  /** The transcript panel's way through its uncertain words by keyboard. */
  nextUncertainWord: 'Next uncertain word',
  uncertainWordCount: (count: number) =>
    `${count} ${count === 1 ? 'word' : 'words'} recognised with low confidence`,
  uncertainWordKeys:
    'On a marked word: N for the next, Shift+N for the previous, Escape to return.',
} as const;
