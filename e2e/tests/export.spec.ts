import { readFile } from 'node:fs/promises';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Download, Page } from '@playwright/test';
import { expect, grantClipboard, test } from '../support/fixtures';
import { openSavedSoapNote } from '../support/sessions';

/**
 * Issue 28: a saved note into the record. Copy beside a heading puts exactly that section on the
 * clipboard; Export downloads the note as PDF and as Word, both opening with its headings and
 * text.
 */
const NOTE =
  '<h2>Subjective</h2><p>Sore throat for <strong>three days</strong>.</p>' +
  '<h2>Plan</h2><ul><li>Rest and fluids</li><li>Review in one week</li></ul>';

const openSavedNote = (page: Page) => openSavedSoapNote(page, 'Ottilie Exportwell', NOTE);

async function pdfText(path: string): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(await readFile(path)) }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  await document.destroy();
  // pdf.js gives runs of text, with the spaces between words as runs of their own.
  return content.items
    .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
    .join('')
    .replace(/\s+/g, ' ');
}

async function downloaded(page: Page, item: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return download;
}

test.describe('Notes into the record', () => {
  test('copies one section, exactly, from the button beside its heading', async ({
    page,
    context,
    login,
  }) => {
    await grantClipboard(context);
    await login();
    const dialog = await openSavedNote(page);
    await dialog.getByRole('button', { name: 'Copy Plan' }).click();
    await expect(page.getByText('Copied to clipboard!')).toBeVisible();
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return {
        text: await navigator.clipboard.readText(),
        html: await (await item!.getType('text/html')).text(),
      };
    });
    expect(copied.text).toBe('Plan\n\n- Rest and fluids\n- Review in one week');
    expect(copied.html).toContain('<ul><li>Rest and fluids</li><li>Review in one week</li></ul>');
    expect(copied.html).not.toContain('Sore throat');
  });

  test('downloads the note as PDF and as Word, both with its headings and text', async ({
    page,
    login,
  }) => {
    await login({ firstName: 'Rosalind', lastName: 'Franklin' });
    await openSavedNote(page);

    const pdf = await downloaded(page, 'Download PDF');
    expect(pdf.suggestedFilename()).toMatch(/^SOAP Note .+\.pdf$/);
    const text = await pdfText(await pdf.path());
    for (const line of ['Rosalind Franklin', 'Patient: Ottilie Exportwell', 'Subjective', 'Plan']) {
      expect(text).toContain(line);
    }
    expect(text).toContain('Review in one week');

    const word = await downloaded(page, 'Download Word (.docx)');
    expect(word.suggestedFilename()).toMatch(/^SOAP Note .+\.docx$/);
    const { value: html } = await mammoth.convertToHtml({ path: await word.path() });
    expect(html).toContain('<h2>Subjective</h2>');
    expect(html).toContain('<strong>three days</strong>');
    expect(html).toContain('<li>Review in one week</li>');
  });
});
