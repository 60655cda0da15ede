import type { Page } from '@playwright/test';
import config from '../playwright.config';
import { button, startSession } from '../support/create-notes';
import { expect, test } from '../support/fixtures';
import { consultationWav, fakeMicrophoneArgs } from '../support/speech';

/**
 * Issue 11 (Low): recordings kept in IndexedDB for crash recovery are encrypted at rest with a
 * non-extractable AES-GCM key, and are gone after sign-out. The page's own IndexedDB is read raw,
 * as any script or a copy of the browser profile would see it.
 */
test.use({
  launchOptions: {
    ...(config.use?.launchOptions ?? {}),
    args: [...(config.use?.launchOptions?.args ?? []), ...fakeMicrophoneArgs(consultationWav())],
  },
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
  await page.goto('/create-notes');
  await startSession(page, 'Wilhelmina Quorn');
  await button(page, 'Start Recording').click();
  await expect(page.getByRole('timer', { name: 'Recording time' })).toHaveText('0:06', {
    timeout: 20_000,
  });

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
