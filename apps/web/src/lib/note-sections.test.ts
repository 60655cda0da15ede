import { describe, expect, it } from 'vitest';
import { noteSectionViews } from './note-sections';

describe('noteSectionViews', () => {
  it('splits the editor HTML at each heading, each section carrying its own heading and lists', () => {
    const sections = noteSectionViews(
      '<h2>Subjective</h2><p>Sore throat, <strong>three days</strong>.</p><h2>Plan</h2><ol><li>Fluids</li><li>Review</li></ol>',
    );
    expect(sections.map((section) => section.title)).toEqual(['Subjective', 'Plan']);
    expect(sections[0]!.html).toBe(
      '<h2>Subjective</h2><p>Sore throat, <strong>three days</strong>.</p>',
    );
    expect(sections[0]!.text).toBe('Subjective\n\nSore throat, three days.');
    expect(sections[1]!.text).toBe('Plan\n\n1. Fluids\n2. Review');
    expect(sections[1]!.bodyHtml).toBe('<ol><li>Fluids</li><li>Review</li></ol>');
  });

  it('keeps text before the first heading, and untagged lower-case text, as one untitled section', () => {
    expect(noteSectionViews('sore throat for three days\nno fever').map((s) => s.text)).toEqual([
      'sore throat for three days\nno fever',
    ]);
    const [first] = noteSectionViews('<p>Seen today.</p><h2>Plan</h2><p>Rest.</p>');
    expect(first).toMatchObject({ title: null, text: 'Seen today.' });
  });

  it('drops empty headings and whatever the allow-list removes', () => {
    expect(noteSectionViews('<h2></h2><h2>Plan</h2>').map((s) => s.title)).toEqual(['Plan']);
    expect(noteSectionViews('<script>alert(1)</script>')).toEqual([]);
  });
});
