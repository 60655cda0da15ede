export type CopyFormat = 'rich' | 'plain';

/**
 * Copies rich text (text/html with a text/plain alternative) so formatting survives a paste into
 * a clinical system; where the browser cannot write HTML, copies the plain text instead
 * (spec point 8: "Copied to clipboard!" vs "Copied to clipboard (plain text)!").
 * Rejects when neither works.
 */
export async function copyRichText({
  html,
  text,
}: {
  html: string;
  text: string;
}): Promise<CopyFormat> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  // Only secure contexts have a clipboard.
  if (!clipboard) throw new Error('The clipboard is not available');

  if (typeof ClipboardItem !== 'undefined' && typeof clipboard.write === 'function') {
    try {
      await clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([html], { type: 'text/html' }),
          'text/plain': new Blob([text], { type: 'text/plain' }),
        }),
      ]);
      return 'rich';
    } catch (error) {
      console.warn('Rich-text copy failed; copying plain text instead.', error);
    }
  }
  await clipboard.writeText(text);
  return 'plain';
}
