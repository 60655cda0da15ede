import type { Page } from '@playwright/test';
import { button, openSession, record, waitForTimer } from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { consultationWav, launchOptionsWithMicrophone } from '../support/speech';

/**
 * Issue 11 (Low): recordings kept in IndexedDB for crash recovery are encrypted at rest with a
 * non-extractable AES-GCM key, and are gone after sign-out. The page's own IndexedDB is read raw,
 * as any script or a copy of the browser profile would see it.
 */
test.use({
  launchOptions: launchOptionsWithMicrophone(consultationWav()),
});

type RawStore = { records: unknown[]; clearText: string[]; keyExtractable: boolean | null };

/** Every record of the recordings database, and what of it is readable without the key. */
const readRaw = (page: Page) =>
  page.evaluate(async (): Promise<Record<string, RawStore>> => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('clerkly-recordings');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
    });
    const result: Record<string, RawStore> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      const records = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(name).objectStore(name).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB failed'));
      });
      const clearText: string[] = [];
      let keyExtractable: boolean | null = null;
      for (const record of records) {
        if (record instanceof CryptoKey) {
          keyExtractable = record.extractable;
          continue;
        }
        for (const value of Object.values(record as Record<string, unknown>)) {
          if (value instanceof Blob) clearText.push(`Blob ${value.type}`);
          if (value instanceof Int16Array) clearText.push('Int16Array');
          if (typeof value === 'object' && value && !(value as { data?: unknown }).data) {
            clearText.push(JSON.stringify(value));
          }
        }
      }
      result[name] = { records, clearText, keyExtractable };
    }
    db.close();
    return result;
  });

test('a recording is kept encrypted in the browser and is gone after sign-out', async ({
  page,
  login,
}) => {
  test.setTimeout(180_000);
  await login();
  await openSession(page, 'Wilhelmina Quorn');
  await button(page, 'Start Recording').click();
  await waitForTimer(page, 6, 20_000);

  const during = await readRaw(page);
  expect(during.sessions?.records.length).toBeGreaterThan(0);
  expect(
    (during.segments?.records.length ?? 0) + (during.openSegments?.records.length ?? 0),
  ).toBeGreaterThan(0);
  for (const store of ['sessions', 'segments', 'openSegments']) {
    expect(during[store]?.clearText, store).toEqual([]);
  }
  expect(JSON.stringify(during)).not.toContain('Wilhelmina');
  expect(during.keys?.keyExtractable).toBe(false);

  // Recovery still works with the sealed records: a reload offers the recording back.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole('region', { name: 'Unsaved recording' });
  await expect(offer).toContainText('Wilhelmina Quorn');

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  const after = await readRaw(page);
  for (const store of ['sessions', 'segments', 'openSegments', 'keys']) {
    expect(after[store]?.records, store).toEqual([]);
  }
});

test('a stopped recording shows its length and plays back; discarding one asks first (issue 14)', async ({
  page,
  login,
}) => {
  test.setTimeout(180_000);
  await login();
  await openSession(page, 'Petra Vance');
  const span = await record(page, 6);
  const ready = page.getByRole('status').filter({ hasText: 'Recording ready.' });
  await expect(ready).toHaveText(/Recording ready\. 0:\d\d of audio\./);
  const shown = Number(/0:(\d\d)/.exec((await ready.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(span.minSeconds - 1);
  expect(shown).toBeLessThanOrEqual(Math.ceil(span.maxSeconds));
  const playback = page.getByLabel('Play back the recording');
  await expect(playback).toBeVisible();
  // The player holds the whole recording (the browser's copy), not a silent stub.
  const seconds = await playback.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve) => {
        if (audio.readyState >= 1) resolve(audio.duration);
        else audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
      }),
  );
  expect(seconds).toBeGreaterThan(span.minSeconds - 1);
  expect(seconds).toBeLessThanOrEqual(span.maxSeconds);

  // A reload leaves the recording in the browser; Discard asks before deleting it.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole('region', { name: 'Unsaved recording' });
  await expect(offer).toContainText('Petra Vance');
  const discard = offer.getByRole('button', { name: 'Discard recording' });
  await discard.click();
  const confirm = page.getByRole('dialog', { name: 'Discard this recording?' });
  await expect(confirm).toContainText('Petra Vance');
  await expect(confirm.getByRole('button', { name: 'Keep recording' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(offer).toBeVisible();
  await expect(discard).toBeFocused();

  await discard.click();
  await confirm.getByRole('button', { name: 'Discard recording' }).click();
  await expect(offer).toBeHidden();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Patient Name' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved recording' })).toHaveCount(0);
});
