import { describe, expect, it } from 'vitest';
import { removeIdentifiers, sectionsFromExampleNote } from './example-note';
import { ownTemplateInputSchema } from './own-templates';

const EXAMPLE = `Patient: Jane Doe   DOB: 12/03/1961
MRN: 00482913

HX:
Mrs Doe is a 63-year-old woman seen on 4 March 2025 with two weeks of right knee pain after a fall.
She has tried ibuprofen with some relief.

EXAMINATION
- Right knee effusion
- Tender medial joint line

A/P:
1. Suspected medial meniscal tear. Ordered MRI.
2. Review in 2 weeks.

Kind regards,
`;

describe('sectionsFromExampleNote', () => {
  it('finds labelled, all-caps and abbreviated headings in the note order, leaving out the identification lines', () => {
    const sections = sectionsFromExampleNote(EXAMPLE);
    expect(sections.map((s) => s.title)).toEqual(['HX', 'EXAMINATION', 'A/P']);
  });

  it('keeps each section format: dashes and numbered lines are bullets, sentences are prose', () => {
    const byTitle = new Map(sectionsFromExampleNote(EXAMPLE).map((s) => [s.title, s]));
    expect(byTitle.get('HX')?.format).toBe('prose');
    expect(byTitle.get('EXAMINATION')?.format).toBe('bullets');
    expect(byTitle.get('A/P')?.format).toBe('bullets');
    expect(byTitle.get('EXAMINATION')?.guidance).toMatch(/2 bullet points/);
  });

  it('removes the patient identifiers from the style examples', () => {
    const all = sectionsFromExampleNote(EXAMPLE)
      .map((s) => s.example ?? '')
      .join('\n');
    expect(all).not.toMatch(/Doe|1961|00482913|4 March 2025/);
    expect(all).toContain('Mrs [name] is a 63-year-old woman seen on [date]');
  });

  it('reads markdown headings and numbered parts', () => {
    const sections = sectionsFromExampleNote(
      '# Presenting complaint\nCough for a week.\n\n1. Plan\nSalbutamol as needed.',
    );
    expect(sections.map((s) => [s.title, s.example])).toEqual([
      ['Presenting complaint', 'Cough for a week.'],
      ['Plan', 'Salbutamol as needed.'],
    ]);
  });

  it('keeps labelled lines and numbered problems inside the all-caps sections that hold them', () => {
    const sections = sectionsFromExampleNote(
      [
        'CHIEF COMPLAINT',
        'Annual exam.',
        'RESULTS',
        'Echocardiogram: reduced ejection fraction.',
        'Lipid panel: Elevated cholesterol.',
        'ASSESSMENT AND PLAN',
        '1. Hypertension',
        '- Continue lisinopril.',
        'Patient Agreements: The patient understands and agrees with the plan.',
      ].join('\n'),
    );
    expect(sections.map((s) => s.title)).toEqual([
      'CHIEF COMPLAINT',
      'RESULTS',
      'ASSESSMENT AND PLAN',
    ]);
    expect(sections[1]?.example).toBe(
      'Echocardiogram: reduced ejection fraction.\nLipid panel: Elevated cholesterol.',
    );
    expect(sections[2]?.example).toContain('Patient Agreements: The patient understands');
  });

  it('gives a note without headings one section, so nothing pasted is lost', () => {
    const sections = sectionsFromExampleNote('seen today for a cough. no fever.');
    expect(sections).toHaveLength(1);
    expect(sections[0]?.example).toBe('seen today for a cough. no fever.');
  });

  it('returns sections the template schema accepts', () => {
    const parsed = ownTemplateInputSchema.safeParse({
      name: 'From my note',
      kind: 'note',
      sections: sectionsFromExampleNote(EXAMPLE),
    });
    expect(parsed.success).toBe(true);
  });
});

describe('removeIdentifiers', () => {
  it('replaces names after titles, leading names, dates, long numbers and e-mails', () => {
    expect(
      removeIdentifiers(
        'John Smith was seen on March 4, 2025. Call Dr. Anna Lee on 0412 345 678 or a.lee@clinic.org.',
      ),
    ).toBe('[name] was seen on [date]. Call Dr. [name] on [number] or [number].');
  });

  it('keeps ages, doses and clinical numbers', () => {
    const text = 'A 63-year-old on metformin 500 mg twice daily; BP 142/88, HbA1c 7.2.';
    expect(removeIdentifiers(text)).toBe(text);
  });
});
