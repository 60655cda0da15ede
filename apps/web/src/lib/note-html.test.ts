import { describe, expect, it } from 'vitest';
import { noteToSafeHtml, safeHtmlToPlainText, sanitizeHtml } from './note-html';

describe('sanitizeHtml', () => {
  it('keeps formatting and drops scripts, handlers and styles', () => {
    const html = sanitizeHtml(
      '<h2 onclick="steal()">Plan</h2><p style="color:red">Rest <strong>2 days</strong>' +
        '<script>alert(1)</script><img src=x onerror="alert(2)"></p><style>p{}</style>',
    );
    expect(html).toBe('<h2>Plan</h2><p>Rest <strong>2 days</strong></p>');
  });

  it('keeps only http(s) and mailto links, with no target (issue 11)', () => {
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://example.test/a" target="_blank">guide</a>')).toBe(
      '<a href="https://example.test/a" rel="noopener noreferrer">guide</a>',
    );
  });

  it('unwraps unknown elements but keeps their text', () => {
    expect(sanitizeHtml('<section><font>Hello</font> <em>there</em></section>')).toBe(
      'Hello <em>there</em>',
    );
  });
});

describe('noteToSafeHtml', () => {
  it('turns plain text into escaped paragraphs with line breaks', () => {
    expect(noteToSafeHtml('Plan:\nRest & fluids <3\n\nReview in 1 week')).toBe(
      '<p>Plan:<br>Rest &amp; fluids &lt;3</p><p>Review in 1 week</p>',
    );
  });
});

describe('safeHtmlToPlainText', () => {
  it('keeps the note readable: headings, paragraphs and list items on their own lines', () => {
    const text = safeHtmlToPlainText(
      '<h2>Plan</h2><p>Rest   and\n fluids.</p><ul><li>Paracetamol</li><li>Review</li></ul>' +
        '<ol><li>First</li><li>Second</li></ol><p>Line<br>break</p>',
    );
    expect(text).toBe(
      'Plan\n\nRest and fluids.\n\n- Paracetamol\n- Review\n\n1. First\n2. Second\n\nLine\nbreak',
    );
  });

  it('is empty for a note with no text', () => {
    expect(safeHtmlToPlainText('<p> </p><p><br></p>')).toBe('');
  });
});
