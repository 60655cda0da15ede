import { expect, type Page } from '@playwright/test';
import { E2E_BASE_URL } from './server';

const headers = { origin: E2E_BASE_URL };

export interface SavedSessionInput {
  patientName: string;
  notes: { templateId: number; notesContent: string }[];
}

/**
 * Creates and saves a patient session for the signed-in user through the real endpoints (spec
 * point 7), as Create Notes does. The server stamps it with the current time.
 */
export async function saveSession(page: Page, { patientName, notes }: SavedSessionInput) {
  const created = await page.request.post('/api/patient-sessions/', {
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
  const saved = await page.request.patch(`/api/patient-sessions/${id}`, {
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
    headers,
    data: { profession },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
