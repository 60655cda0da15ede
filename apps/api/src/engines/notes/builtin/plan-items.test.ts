import { describe, expect, it } from 'vitest';
import { labelledItem, labelPlanItems, planItemKind, type PlanLabels } from './plan-items';

const labels: PlanLabels = {
  reasoning: { label: 'Medical Reasoning', bullet: true },
  testing: { label: 'Additional Testing', bullet: true },
  treatment: { label: 'Medical Treatment', bullet: true },
  agreement: { label: 'Patient Agreements', bullet: false },
};

describe('the kinds of a plan item', () => {
  it('reads the kind from what the item says', () => {
    expect(planItemKind('I think this is a sprain of the right knee.')).toBe('reasoning');
    expect(planItemKind('We will order an X-ray of the knee.')).toBe('testing');
    expect(planItemKind('We will prescribe ibuprofen 400 mg twice a day.')).toBe('treatment');
    expect(planItemKind('I advised her to rest it and ice it.')).toBe('education');
    expect(
      planItemKind('I want him to weigh himself every day and call me if he gains weight.'),
    ).toBe('education');
    expect(planItemKind('Follow up in 2 weeks.')).toBe('follow-up');
    expect(planItemKind('The patient agrees with the recommended plan.')).toBe('agreement');
    expect(planItemKind('If his symptoms worsen, give me a call.')).toBeNull();
  });

  it('splits a labelled line into its label and text', () => {
    expect(labelledItem('Medical Treatment: Continue Imitrex.')).toEqual({
      label: 'Medical Treatment',
      text: 'Continue Imitrex.',
    });
    expect(labelledItem('Continue Imitrex.')).toBeNull();
  });
});

describe('a plan laid out under the clinician labels', () => {
  it('groups each problem items by kind, in the order clinicians write them, and leaves the rest', () => {
    const content = [
      'Ms Lee is a 40-year-old woman seen for knee pain.',
      [
        'Right knee sprain.',
        'We will prescribe ibuprofen 400 mg twice a day.',
        'I think this is a sprain of the right knee.',
        'We will order an X-ray of the knee.',
        'Rest it and see how it goes.',
        'We will continue the knee brace.',
      ].join('\n'),
      'Follow up in 2 weeks. The patient agrees with the recommended plan.',
    ].join('\n\n');
    expect(labelPlanItems(content, labels)).toBe(
      [
        'Ms Lee is a 40-year-old woman seen for knee pain.',
        [
          'Right knee sprain.',
          'Rest it and see how it goes.',
          '• Medical Reasoning: I think this is a sprain of the right knee.',
          '• Additional Testing: We will order an X-ray of the knee.',
          '• Medical Treatment: We will prescribe ibuprofen 400 mg twice a day. We will continue the knee brace.',
        ].join('\n'),
        // Follow-up has no label of the clinician's: it stays as written.
        'Follow up in 2 weeks.\nPatient Agreements: The patient agrees with the recommended plan.',
      ].join('\n\n'),
    );
  });

  it('lays out a paragraph of items with no problem named when it holds two labelled kinds', () => {
    const content =
      'I think this is a sprain. We will order an X-ray of the knee. Keep walking as you can.';
    expect(labelPlanItems(content, labels)).toBe(
      [
        'Keep walking as you can.',
        '• Medical Reasoning: I think this is a sprain.',
        '• Additional Testing: We will order an X-ray of the knee.',
      ].join('\n'),
    );
    // One kind only (an opening summary that reads as reasoning): left as it is.
    expect(labelPlanItems('This looks like a sprain.', labels)).toBe('This looks like a sprain.');
  });

  it("writes an item of no kind within a problem as the clinician's reasoning about it", () => {
    const content = [
      'Left leg contusion.',
      'I really do not see any evidence of a fracture or any swelling.',
      'We will start her on Mobic 15 mg once a day.',
    ].join('\n');
    expect(labelPlanItems(content, labels)).toBe(
      [
        'Left leg contusion.',
        '• Medical Reasoning: I really do not see any evidence of a fracture or any swelling.',
        '• Medical Treatment: We will start her on Mobic 15 mg once a day.',
      ].join('\n'),
    );
    // A clinician who does not label reasoning: the item stays as written.
    const { reasoning: _, ...noReasoning } = labels;
    expect(labelPlanItems(content, noReasoning)).toBe(
      [
        'Left leg contusion.',
        'I really do not see any evidence of a fracture or any swelling.',
        '• Medical Treatment: We will start her on Mobic 15 mg once a day.',
      ].join('\n'),
    );
  });

  it('never relabels an item that already has a label', () => {
    const content = 'Knee.\nMedical Treatment: Continue ibuprofen.';
    expect(labelPlanItems(content, labels)).toBe(content);
  });
});
