import { expect, type Page } from '@playwright/test';

export const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Stage 1: patient name, default appointment type, consent Yes, Start Session. */
export async function startSession(page: Page, patientName: string) {
  await page.getByRole('textbox', { name: 'Patient Name' }).fill(patientName);
  await expect(page.getByRole('combobox', { name: 'Appointment Type' })).toHaveValue(
    'General Consult',
  );
  await page.getByRole('radio', { name: 'Yes' }).check();
  await button(page, 'Start Session').click();
  await expect(page.getByRole('heading', { name: patientName })).toBeVisible();
}

/** Records until the running time shows `seconds`, then stops. */
export async function record(page: Page, seconds: number, startLabel = 'Start Recording') {
  await expect(button(page, startLabel)).toBeEnabled();
  await button(page, startLabel).click();
  const time = `0:${String(seconds).padStart(2, '0')}`;
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText(time, {
    timeout: (seconds + 15) * 1000,
  });
  await button(page, 'Stop Recording').click();
  await expect(page.getByRole('timer', { name: 'Recording time' })).toBeHidden();
}

export const templateCheckbox = (page: Page, name: string) =>
  page.getByRole('checkbox', { name, exact: true });

/** The note shown in a template's tab. */
export const noteArticle = (page: Page, templateName: string) =>
  page.getByRole('article', { name: `${templateName} note` });

/** Waits for a note to be fully typed out and to have words in it. */
export async function expectNoteWithText(page: Page, templateName: string) {
  const note = noteArticle(page, templateName);
  await expect(note).toBeVisible({ timeout: 120_000 });
  await expect(note).toHaveAttribute('aria-busy', 'false', { timeout: 60_000 });
  await expect(note).toContainText(/\p{L}{3,}/u);
  return note;
}

/** Signs in through the login form, which lands on Create Notes with the welcome flag. */
export async function signInThroughForm(page: Page, user: { email: string; password: string }) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await button(page, 'Login').click();
  await expect(page).toHaveURL(/\/create-notes$/);
}

/** What the page sent to the upload endpoint (Chromium does not expose file bodies). */
export type SentUpload = {
  fields: Record<string, string>;
  audio: {
    name: string;
    type: string;
    size: number;
    /** From the WAV header. */
    riff: string;
    sampleRate: number;
    channels: number;
    bitsPerSample: number;
  } | null;
};

declare global {
  interface Window {
    __sentUploads?: FormData[];
  }
}

/**
 * Keeps every multipart body the page sends with XMLHttpRequest, so a test can check what went
 * to `POST /api/deepgram/upload/` (call before the page loads).
 */
export async function watchUploads(page: Page) {
  await page.addInitScript(() => {
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the request as `this`
    const send = XMLHttpRequest.prototype.send;
    window.__sentUploads = [];
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) window.__sentUploads?.push(body);
      send.call(this, body);
    };
  });
}

/** The uploads sent so far, oldest first. */
export function sentUploads(page: Page): Promise<SentUpload[]> {
  return page.evaluate(async () =>
    Promise.all(
      (window.__sentUploads ?? []).map(async (form) => {
        const fields: Record<string, string> = {};
        let file: File | null = null;
        form.forEach((value, name) => {
          if (typeof value === 'string') fields[name] = value;
          else file = value;
        });
        const sent = file as File | null;
        if (!sent) return { fields, audio: null };
        const header = new DataView(await sent.slice(0, 44).arrayBuffer());
        const audio = {
          name: sent.name,
          type: sent.type,
          size: sent.size,
          riff: String.fromCharCode(...new Uint8Array(header.buffer.slice(0, 4))),
          sampleRate: header.getUint32(24, true),
          channels: header.getUint16(22, true),
          bitsPerSample: header.getUint16(34, true),
        };
        return { fields, audio };
      }),
    ),
  );
}
