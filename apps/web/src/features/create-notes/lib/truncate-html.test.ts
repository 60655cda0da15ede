import { describe, expect, it } from 'vitest';
import { htmlTextLength, truncateHtml } from './truncate-html';

describe('truncateHtml', () => {
  const html = '<h2>Plan</h2><p>Rest for <strong>two</strong> days.</p>';

  it('counts the text characters only', () => {
    expect(htmlTextLength(html)).toBe('Plan'.length + 'Rest for two days.'.length);
  });

  it('cuts after the visible characters and closes what is open', () => {
    expect(truncateHtml(html, 2)).toBe('<h2>Pl</h2>');
    expect(truncateHtml(html, 15)).toBe('<h2>Plan</h2><p>Rest for <strong>tw</strong></p>');
    expect(truncateHtml(html, 0)).toBe('');
    expect(truncateHtml(html, 1000)).toBe(html);
  });
});
