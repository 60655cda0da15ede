import { describe, expect, it } from 'vitest';
import { parseNote, parseNoteText, renderNoteHtml, renderNoteText } from './render';
import type { NoteSection } from './note-engine';

const sections: NoteSection[] = [
  { title: 'Chief Complaint', content: 'Left knee pain.' },
  {
    title: 'Physical Examination',
    content: 'Blood pressure: 132/84 mmHg.\nHeart rate: 76 bpm.',
    bullets: ['Musculoskeletal: Mild swelling of the left knee.'],
  },
  { title: 'Assessment and Plan', content: 'Left knee sprain.\n\nFollow up in 2 weeks.' },
];

describe('note rendering', () => {
  it('renders HTML the editor loads: h2 per section, paragraphs, lists', () => {
    expect(renderNoteHtml(sections)).toBe(
      '<h2>Chief Complaint</h2><p>Left knee pain.</p>' +
        '<h2>Physical Examination</h2><p>Blood pressure: 132/84 mmHg.<br>Heart rate: 76 bpm.</p>' +
        '<ul><li>Musculoskeletal: Mild swelling of the left knee.</li></ul>' +
        '<h2>Assessment and Plan</h2><p>Left knee sprain.</p><p>Follow up in 2 weeks.</p>',
    );
  });

  it('escapes every piece of text, titles included', () => {
    const html = renderNoteHtml([
      {
        title: '<b>Plan</b>',
        content: '<script>alert("x")</script> & more',
        bullets: ["it's <img src=x onerror=alert(1)>"],
      },
    ]);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    expect(html).toContain('it&#39;s &lt;img src=x onerror=alert(1)&gt;');
  });

  it('renders plain text with UPPERCASE headers and a blank line between sections', () => {
    expect(renderNoteText(sections)).toBe(
      [
        'CHIEF COMPLAINT',
        '',
        'Left knee pain.',
        '',
        'PHYSICAL EXAMINATION',
        '',
        'Blood pressure: 132/84 mmHg.\nHeart rate: 76 bpm.',
        '',
        '• Musculoskeletal: Mild swelling of the left knee.',
        '',
        'ASSESSMENT AND PLAN',
        '',
        'Left knee sprain.',
        '',
        'Follow up in 2 weeks.',
      ].join('\n'),
    );
  });

  it('reads a note back from its HTML or its text', () => {
    const fromHtml = parseNote(renderNoteHtml(sections));
    const fromText = parseNote(renderNoteText(sections));
    for (const parsed of [fromHtml, fromText]) {
      expect(parsed.map((s) => s.title)).toEqual([
        'Chief Complaint',
        'Physical Examination',
        'Assessment and Plan',
      ]);
      expect(parsed[1]?.bullets).toEqual(['Musculoskeletal: Mild swelling of the left knee.']);
      expect(parsed[2]?.content).toBe('Left knee sprain.\n\nFollow up in 2 weeks.');
    }
  });

  it("keeps the clinician's bold text, and a bold line in HTML stays a line, not a heading (issue 26)", () => {
    const html =
      '<h2>History</h2><p>Knee pain.</p><p><strong>Seen with her daughter.</strong></p><p>No swelling, <b>no fever</b>.</p>';
    const parsed = parseNote(html);
    expect(parsed).toEqual([
      {
        title: 'History',
        content: 'Knee pain.\n\n**Seen with her daughter.**\n\nNo swelling, **no fever**.',
      },
    ]);
    expect(renderNoteHtml(parsed)).toBe(html.replace(/<(\/?)b>/g, '<$1strong>'));
    expect(renderNoteText(parsed)).toBe(
      'HISTORY\n\nKnee pain.\n\nSeen with her daughter.\n\nNo swelling, no fever.',
    );
    // In a model's plain-text answer a bold line alone is still a heading.
    expect(parseNoteText('**Plan:**\nRest.').map((s) => s.title)).toEqual(['Plan']);
  });
});
