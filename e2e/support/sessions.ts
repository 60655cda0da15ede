import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './server';

export interface SavedSessionInput {
  patientName: string;
  notes: { templateId: number; notesContent: string }[];
}

/**
 * Creates and saves a patient session for the signed-in user through the real endpoints (spec
 * point 7), as Create Notes does. The server stamps it with the current time. `baseUrl` names
 * an app of the spec's own (support/own-app.ts); the main app when absent.
 */
export async function saveSession(
  page: Page,
  { patientName, notes }: SavedSessionInput,
  baseUrl?: string,
) {
  const headers = { origin: baseUrl ?? E2E_BASE_URL };
  const api = baseUrl ?? '';
  const created = await page.request.post(`${api}/api/patient-sessions/`, {
    headers,
    data: {
      firstName: patientName,
      lastName: '',
      dateOfBirth: '2000-01-01',
      appointmentTypeId: 1,
      patientConsent: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const saved = await page.request.patch(`${api}/api/patient-sessions/${id}`, {
    headers,
    data: {
      notes: notes.map((note) => ({ ...note, patientSessionId: id })),
      duration: 60,
      transcribedText: `Consultation with ${patientName}.`,
      baseVersion: 1,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return id;
}

/** Sets the signed-in user's profession, which decides the recommended templates. */
export async function setProfession(page: Page, profession: string) {
  const response = await page.request.put('/api/users/profile', {
    headers: { origin: E2E_BASE_URL },
    data: { profession },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the SOAP note of `patientName`'s saved session from My Sessions; resolves to its dialog. */
export async function openSoapNoteOf(page: Page, patientName: string) {
  await page.goto('/my-sessions');
  await page
    .getByRole('row', { name: new RegExp(patientName) })
    .getByRole('button', { name: 'SOAP Note' })
    .click();
  return page.getByRole('dialog', { name: 'SOAP Note' });
}

/**
 * Saves a session with one SOAP note for the signed-in user and opens that note from My
 * Sessions; resolves to its dialog once the note's Plan heading shows.
 */
export async function openSavedSoapNote(page: Page, patientName: string, notesContent: string) {
  await saveSession(page, { patientName, notes: [{ templateId: 1, notesContent }] });
  const dialog = await openSoapNoteOf(page, patientName);
  await expect(dialog.getByRole('heading', { name: 'Plan' })).toBeVisible();
  return dialog;
}
