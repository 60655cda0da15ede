import type { Locator, Page } from '@playwright/test';
import { expect, grantClipboard, test } from '../support/fixtures';
import { saveSession, setProfession } from '../support/sessions';
import { launchOptionsWithFakeDevices } from '../support/speech';

// Fake microphones and speakers for Audio Check, on top of the
// project's launch options.
test.use({ launchOptions: launchOptionsWithFakeDevices() });

/** YYYY-MM-DD in the browser's time zone, `offset` days from today. */
const browserDate = (page: Page, offset: number) =>
  page.evaluate((days) => {
    const date = new Date();
    date.setDate(date.getDate() + days);
    return date.toLocaleDateString('en-CA');
  }, offset);

const patientNames = (page: Page) =>
  page
    .getByRole('table', { name: 'Patient sessions' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .locator('td:nth-child(2)');

test.describe('My Sessions', () => {
  test('name and date filters narrow the list and clear again', async ({ page, login }) => {
    await login();
    for (const patientName of ['Pat Example', 'Quinn Sample', 'Robin Test']) {
      await saveSession(page, {
        patientName,
        notes: [{ templateId: 1, notesContent: `<h2>Plan</h2><p>Review ${patientName}.</p>` }],
      });
    }
    await page.goto('/my-sessions');
    await expect(page).toHaveTitle('My Sessions | Clerkly');
    await expect(patientNames(page)).toHaveText(['Robin Test', 'Quinn Sample', 'Pat Example']);
    await expect(page.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(
      /^\d{1,2}\/\d{1,2}\/\d{2}, \d{1,2}:\d{2} [AP]M$/,
    );

    await page.getByRole('searchbox', { name: 'Search' }).fill('quinn');
    await expect(patientNames(page)).toHaveText(['Quinn Sample']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('nobody');
    await expect(page.getByText('No sessions found')).toBeVisible();
    await expect(page.getByText('No patients match your search criteria.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(patientNames(page)).toHaveCount(3);

    const yesterday = await browserDate(page, -1);
    const today = await browserDate(page, 0);
    const apply = page.getByRole('button', { name: 'Apply Filter' });
    await expect(apply).toBeDisabled();
    await page.getByLabel('From Date').fill(yesterday);
    await expect(apply).toBeDisabled();
    await expect(page.getByLabel('To Date')).toHaveAttribute('min', yesterday);
    await page.getByLabel('To Date').fill(yesterday);
    const filtered = page.waitForRequest(
      (request) => request.url().includes('/api/notes/user/') && request.url().includes('from='),
    );
    await apply.click();
    const query = new URL((await filtered).url()).searchParams;
    // Spec point 5: To reaches the end of its day.
    expect(
      new Date(query.get('to') ?? '').getTime() - new Date(query.get('from') ?? '').getTime(),
    ).toBe(24 * 3600 * 1000 - 1);
    await expect(page.getByText('No patients match your search criteria.')).toBeVisible();

    await page.getByLabel('To Date').fill(today);
    await apply.click();
    await expect(patientNames(page)).toHaveCount(3);

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByLabel('From Date')).toHaveValue('');
    await expect(page.getByLabel('To Date')).toHaveValue('');
    await expect(apply).toBeDisabled();
    await expect(patientNames(page)).toHaveText(['Robin Test', 'Quinn Sample', 'Pat Example']);
  });

  test('the note modal copies the note as rich text', async ({ page, context, login }) => {
    await grantClipboard(context);
    await login();
    await saveSession(page, {
      patientName: 'Pat Example',
      notes: [
        { templateId: 1, notesContent: '<h2>Plan</h2><p>Rest and <strong>fluids</strong>.</p>' },
        { templateId: 4, notesContent: '<p>Dear colleague,</p>' },
      ],
    });
    await page.goto('/my-sessions');
    const row = page.getByRole('row', { name: /Pat Example/ });
    await expect(row.getByRole('button')).toHaveText(['SOAP Note', 'Referral Letter']);

    await row.getByRole('button', { name: 'SOAP Note' }).click();
    const dialog = page.getByRole('dialog', { name: 'SOAP Note' });
    await expect(dialog.getByRole('heading', { name: 'Plan' })).toBeVisible();
    await expect(dialog.locator('strong')).toHaveText('fluids');

    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(page.getByText('Copied to clipboard!')).toBeVisible();
    const clipboard = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const read = async (type: string) => (await item?.getType(type))?.text();
      return { html: await read('text/html'), text: await read('text/plain') };
    });
    expect(clipboard.text).toBe('Plan\n\nRest and fluids.');
    expect(clipboard.html).toContain('<strong>fluids</strong>');

    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('Templates', () => {
  const card = (section: Locator, name: string) => section.getByRole('article', { name });

  test('groups templates for the profession, searches and previews topics', async ({
    page,
    login,
  }) => {
    await login();
    await setProfession(page, 'Psychiatrist');
    await page.goto('/templates');

    const recommended = page.getByRole('region', { name: 'Recommended Templates' });
    const other = page.getByRole('region', { name: 'Other Templates' });
    await expect(card(recommended, 'Psychiatric Assessment')).toBeVisible();
    await expect(card(recommended, 'SOAP Note')).toBeVisible();
    // Not recommended for everyone, or meant for another profession.
    await expect(card(other, 'Discharge Summary')).toBeVisible();
    await expect(card(other, 'Psychology Session Note')).toBeVisible();
    await expect(card(recommended, 'Psychology Session Note')).toHaveCount(0);
    const total =
      (await recommended.getByRole('article').count()) + (await other.getByRole('article').count());
    expect(total).toBe(73);

    const search = page.getByRole('searchbox', { name: 'Search templates' });
    await search.fill('psychiatric review');
    await expect(page.getByRole('article')).toHaveCount(1);
    await card(recommended, 'Psychiatric Review').getByRole('button', { name: 'Preview' }).click();

    const dialog = page.getByRole('dialog', { name: 'Psychiatric Review' });
    const topics = dialog.getByRole('list', { name: 'Topics' }).getByRole('listitem');
    await expect(topics).toHaveCount(6);
    await expect(topics.first()).toContainText('Interval History');
    await expect(topics.last()).toContainText('Plan');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();

    await search.fill('no such template');
    await expect(page.getByText('No templates found')).toBeVisible();
  });
});

test.describe('Audio Check', () => {
  test('lists the fake devices, shows Connected and draws live bars', async ({ page, login }) => {
    await login();
    await page.goto('/audio-check');

    await expect(page.getByText('Connected', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Microphone' })).toHaveValue(
      'Fake Default Audio Input',
    );
    await page.getByRole('combobox', { name: 'Microphone' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Fake Default Audio Input',
      'Fake Audio Input 1',
      'Fake Audio Input 2',
    ]);
    await page.getByRole('option', { name: 'Fake Audio Input 1' }).click();
    await expect(page.getByRole('combobox', { name: 'Microphone' })).toHaveValue(
      'Fake Audio Input 1',
    );
    await page.getByRole('combobox', { name: 'Speaker' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Fake Default Audio Output',
      'Fake Audio Output 1',
      'Fake Audio Output 2',
    ]);
    await page.keyboard.press('Escape');

    const canvas = page.getByRole('img', { name: 'Microphone input level' });
    await expect(canvas).toHaveAttribute('width', '200');
    await expect(canvas).toHaveAttribute('height', '50');
    const paintedPixels = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const { data } = element
          .getContext('2d')!
          .getImageData(0, 0, element.width, element.height);
        let painted = 0;
        for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]! > 0) painted += 1;
        return painted;
      });

    await page.getByRole('button', { name: 'Start Recording' }).click();
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeVisible();
    await expect.poll(paintedPixels, { timeout: 10_000 }).toBeGreaterThan(100);

    await page.getByRole('button', { name: 'Stop Recording' }).click();
    await expect(page.getByRole('button', { name: 'Start Recording' })).toBeVisible();
    await expect.poll(paintedPixels).toBe(0);
  });
});

test.describe('Tutorial', () => {
  test('both tutorial videos load, play and have captions', async ({ page, login }) => {
    await login();
    await page.goto('/tutorial');

    for (const section of ['How to create patient notes?', 'Setting up your Audio']) {
      await expect(page.getByRole('button', { name: section })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
    }
    for (const title of ["'Create Notes' tab", "'Audio Check' tab"]) {
      const video = page.getByRole('article', { name: title }).locator('video');
      await expect(video).toBeVisible();
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState))
        .toBeGreaterThanOrEqual(1);
      expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(
        0,
      );

      await video.evaluate((element: HTMLVideoElement) => {
        element.muted = true;
        return element.play();
      });
      await expect
        .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThan(0);
      await video.evaluate((element: HTMLVideoElement) => element.pause());
      await expect
        .poll(() =>
          video.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.cues?.length ?? 0),
        )
        .toBeGreaterThan(0);
    }

    await page.getByRole('button', { name: 'Setting up your Audio' }).click();
    await expect(page.getByRole('article', { name: "'Audio Check' tab" })).toBeHidden();
  });
});
