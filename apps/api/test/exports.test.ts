/**
 * Issue 28: a saved note as PDF, Word and FHIR R4, a saved session as a FHIR document Bundle.
 * Files are read back (text extracted, headings and lists found, a long note intact across
 * pages); every FHIR resource is validated against the R4 definitions. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { NOTE_DOCUMENT_TYPES, NOTHING_TO_EXPORT } from '@clerkly/contracts';
import type { Bundle, Composition, DocumentReference } from '@medplum/fhirtypes';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, templates } from '../src/db/schema';
import { r4Errors } from './fhir-r4';
import { ORIGIN, createSession, createUser, saveFirstVersion } from './helper';
import { useTestApp } from './use-test-app';
import { docxContent, pdfPages } from './read-back';

type User = Awaited<ReturnType<typeof createUser>>;
let clinician: User;
let certificateTemplateId: number;

const PATIENT = 'Wilhelmina Exportby';
const SOAP_TEMPLATE_ID = 1;
/** A note as the editor saves it: headings, a paragraph with a line break, emphasis, lists. */
const SOAP_NOTE = [
  '<h2>Subjective</h2>',
  '<p>Sore throat for <strong>three days</strong>.<br>No fever reported.</p>',
  '<h2>Objective</h2>',
  '<ul><li>Tonsils enlarged</li><li>No cervical lymphadenopathy</li></ul>',
  '<h2>Assessment</h2>',
  '<p>Viral pharyngitis &amp; mild dehydration.</p>',
  '<h2>Plan</h2>',
  '<ol><li>Fluids</li><li>Paracetamol as needed</li><li>Review in one week</li></ol>',
].join('');
/** From older saves: unpunctuated lower-case text without headings. */
const CERTIFICATE_NOTE = 'unfit for work from monday to wednesday\nreturn on thursday';

const headersOf = (user: User) => ({ cookie: user.cookie, origin: ORIGIN });

async function savedSession(
  user: User,
  notes: { templateId: number; notesContent: string }[],
): Promise<number> {
  const sessionId = await createSession(testApp.app, user, PATIENT);
  await saveFirstVersion(testApp.app, user, sessionId, {
    notes,
    duration: 120,
    transcribedText: 'sore throat for three days no fever',
  });
  return sessionId;
}

const exportOf = (user: User, sessionId: number, templateId: number, format: string) =>
  testApp.app.inject({
    method: 'GET',
    url: `/api/patient-sessions/${sessionId}/notes/${templateId}/${format}`,
    headers: headersOf(user),
  });

const decoded = (data: string | undefined) => Buffer.from(data ?? '', 'base64').toString('utf8');

const testApp = useTestApp();
beforeAll(async () => {
  clinician = await createUser(testApp.app, { firstName: 'Imogen', lastName: 'Scribe' });
  const profile = await testApp.app.inject({
    method: 'PUT',
    url: '/api/users/profile',
    headers: headersOf(clinician),
    payload: { profession: 'General Practitioner' },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const [certificate] = await testApp.app.database.db
    .select({ id: templates.id })
    .from(templates)
    .where(eq(templates.kind, 'certificate'))
    .limit(1);
  certificateTemplateId = certificate!.id;
});

describe('PDF', () => {
  it('is a letter: clinician, profession, patient, date, title, then every heading, list and line', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: SOAP_TEMPLATE_ID, notesContent: SOAP_NOTE },
    ]);
    const response = await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="SOAP Note /);
    expect(response.headers['content-disposition']).not.toContain('Wilhelmina');
    expect(response.headers['cache-control']).toBe('no-store');
    // The font is embedded, so the letter looks the same on every reader.
    expect(response.rawPayload.includes('/FontFile2')).toBe(true);

    const [page] = await pdfPages(response.rawPayload);
    for (const text of [
      'Imogen Scribe',
      'General Practitioner',
      'SOAP Note',
      `Patient: ${PATIENT}`,
      'Subjective',
      'Sore throat for three days.',
      'No fever reported.',
      'Tonsils enlarged',
      'Viral pharyngitis & mild dehydration.',
      'Plan',
      'Review in one week',
    ]) {
      expect(page).toContain(text);
    }
    // The numbered list keeps its numbers (pdfmake draws a marker after its item's text, so the
    // extracted text has it on either side); nothing the note does not say is added.
    expect(page).toMatch(/3\.\s*Review in one week|Review in one week\s*3\./);
    expect(page).not.toContain('2000');
  });

  it('keeps a note of three pages whole, every paragraph in order', async () => {
    const sections = Array.from({ length: 6 }, (_, s) => {
      const paragraphs = Array.from(
        { length: 9 },
        (_, p) =>
          `<p>Paragraph ${s + 1}.${p + 1} of the long note records what was discussed in some detail, so that the letter runs over several pages.</p>`,
      );
      return `<h2>Section ${s + 1}</h2>${paragraphs.join('')}<ul><li>Point ${s + 1}a</li><li>Point ${s + 1}b</li></ul>`;
    });
    const sessionId = await savedSession(clinician, [
      { templateId: SOAP_TEMPLATE_ID, notesContent: sections.join('') },
    ]);
    const response = await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'pdf');
    expect(response.statusCode, response.body).toBe(200);
    const pages = await pdfPages(response.rawPayload);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = pages.join('\n').replace(/\s+/g, ' ');
    let from = 0;
    for (let s = 1; s <= 6; s += 1) {
      for (const text of [
        `Section ${s}`,
        ...Array.from({ length: 9 }, (_, p) => `Paragraph ${s}.${p + 1} of the long note`),
        `Point ${s}a`,
        `Point ${s}b`,
      ]) {
        const at = all.indexOf(text, from);
        expect(at, text).toBeGreaterThanOrEqual(0);
        from = at;
      }
    }
    expect(pages.at(-1)).toContain(`page ${pages.length} of ${pages.length}`);
  });

  it('lays a certificate out as one: title, patient and date fields, the text, a signature', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: certificateTemplateId, notesContent: CERTIFICATE_NOTE },
    ]);
    const response = await exportOf(clinician, sessionId, certificateTemplateId, 'pdf');
    expect(response.statusCode, response.body).toBe(200);
    const [page] = await pdfPages(response.rawPayload);
    expect(page).toContain('Medical Certificate');
    expect(page).toMatch(/Patient\s*Wilhelmina Exportby/);
    expect(page).toContain('unfit for work from monday to wednesday');
    expect(page).toContain('return on thursday');
    // The signature block names the clinician after the text.
    expect(page!.lastIndexOf('Imogen Scribe')).toBeGreaterThan(page!.indexOf('return on thursday'));
  });
});

describe('Word', () => {
  it('opens with the headings as headings, the lists as lists and every line of the note', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: SOAP_TEMPLATE_ID, notesContent: SOAP_NOTE },
    ]);
    const response = await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'docx');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    const { html, text } = await docxContent(response.rawPayload);
    expect(html).toContain('<h2>Subjective</h2>');
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<strong>three days</strong>');
    expect(html).toMatch(
      /<ul><li>Tonsils enlarged<\/li><li>No cervical lymphadenopathy<\/li><\/ul>/,
    );
    expect(html).toMatch(
      /<ol><li>Fluids<\/li><li>Paracetamol as needed<\/li><li>Review in one week<\/li><\/ol>/,
    );
    for (const line of [
      'Imogen Scribe',
      'General Practitioner',
      `Patient: ${PATIENT}`,
      'No fever reported.',
    ]) {
      expect(text).toContain(line);
    }
  });
});

describe('FHIR R4', () => {
  it('files a note as a valid DocumentReference: LOINC type, contained patient, author, HTML and text', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: SOAP_TEMPLATE_ID, notesContent: SOAP_NOTE },
    ]);
    const response = await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'document-reference');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/fhir+json');
    const document = response.json<DocumentReference>();
    expect(r4Errors(document)).toEqual([]);
    expect(document.status).toBe('current');
    expect(document.type?.coding?.[0]).toMatchObject({
      system: 'http://loinc.org',
      code: NOTE_DOCUMENT_TYPES.progressNote.code,
    });
    expect(document.contained).toContainEqual(
      expect.objectContaining({ resourceType: 'Patient', name: [{ text: PATIENT }] }),
    );
    expect(document.subject?.reference).toBe('#patient');
    expect(document.author?.[0]?.display).toBe('Imogen Scribe');
    const [html, text] = document.content.map((content) => content.attachment);
    expect(html?.contentType).toBe('text/html');
    expect(decoded(html?.data)).toContain('<h2>Subjective</h2>');
    expect(text?.contentType).toBe('text/plain');
    expect(decoded(text?.data)).toBe(
      [
        'Subjective',
        'Sore throat for three days.\nNo fever reported.',
        'Objective',
        '- Tonsils enlarged\n- No cervical lymphadenopathy',
        'Assessment',
        'Viral pharyngitis & mild dehydration.',
        'Plan',
        '1. Fluids\n2. Paracetamol as needed\n3. Review in one week',
      ].join('\n\n'),
    );
    // Only what the session holds: no date of birth (the app collects none).
    expect(JSON.stringify(document)).not.toContain('birthDate');
  });

  it('files a certificate and a plain-text note as valid resources too', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: certificateTemplateId, notesContent: CERTIFICATE_NOTE },
    ]);
    const response = await exportOf(
      clinician,
      sessionId,
      certificateTemplateId,
      'document-reference',
    );
    const document = response.json<DocumentReference>();
    expect(r4Errors(document)).toEqual([]);
    expect(document.type?.coding?.[0]?.code).toBe(NOTE_DOCUMENT_TYPES.note.code);
    expect(decoded(document.content[1]?.attachment.data)).toBe(
      'unfit for work from monday to wednesday\nreturn on thursday',
    );
  });

  it('files a session as a valid document Bundle: one Composition section per note section', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: SOAP_TEMPLATE_ID, notesContent: SOAP_NOTE },
      { templateId: certificateTemplateId, notesContent: CERTIFICATE_NOTE },
    ]);
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/patient-sessions/${sessionId}/fhir-bundle`,
      headers: headersOf(clinician),
    });
    expect(response.statusCode, response.body).toBe(200);
    const bundle = response.json<Bundle>();
    expect(r4Errors(bundle)).toEqual([]);
    expect(bundle.type).toBe('document');
    const composition = bundle.entry?.[0]?.resource as Composition;
    expect(r4Errors(composition)).toEqual([]);
    expect(composition.resourceType).toBe('Composition');
    expect(composition.section?.map((section) => section.title)).toEqual([
      'SOAP Note',
      expect.stringContaining('Medical Certificate'),
    ]);
    expect(composition.section?.[0]?.section?.map((section) => section.title)).toEqual([
      'Subjective',
      'Objective',
      'Assessment',
      'Plan',
    ]);
    for (const entry of bundle.entry ?? []) expect(r4Errors(entry.resource!)).toEqual([]);
  });
});

describe('who may export what', () => {
  it('gives another clinician nothing but a 404, and records each export in the audit trail', async () => {
    const sessionId = await savedSession(clinician, [
      { templateId: SOAP_TEMPLATE_ID, notesContent: SOAP_NOTE },
    ]);
    const other = await createUser(testApp.app);
    for (const format of ['pdf', 'docx', 'document-reference']) {
      const response = await exportOf(other, sessionId, SOAP_TEMPLATE_ID, format);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Sore throat');
    }
    await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'docx');
    const events = await testApp.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.sessionId, sessionId), eq(auditEvents.kind, 'note.exported')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: clinician.id, templateIds: [SOAP_TEMPLATE_ID] });
  });

  it('says clearly when there is nothing saved to export, and refuses an unknown format', async () => {
    const created = await testApp.app.inject({
      method: 'POST',
      url: '/api/patient-sessions/',
      headers: headersOf(clinician),
      payload: { firstName: PATIENT, appointmentTypeId: 1, patientConsent: true },
    });
    const sessionId = created.json<{ id: number }>().id;
    const unsaved = await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'pdf');
    expect(unsaved.statusCode).toBe(404);
    expect(unsaved.json<{ error: { message: string } }>().error.message).toBe(NOTHING_TO_EXPORT);
    const unknown = await exportOf(clinician, sessionId, SOAP_TEMPLATE_ID, 'odt');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { message: string } }>().error.message).toContain(
      'Unknown export format',
    );
  });
});
