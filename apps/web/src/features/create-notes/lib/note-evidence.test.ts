import { alignNoteEvidence } from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { evidenceBlocks } from './note-evidence';

const TRANSCRIPT =
  '[doctor] how long has the knee hurt ?\n[patient] my left knee has hurt for two weeks .\n[doctor] take ibuprofen four hundred milligrams .';
const NOTE =
  '<h2>History</h2><p>Left knee pain for 2 weeks.</p><h2>Plan</h2><ul><li>Ibuprofen 400 mg.</li></ul><p>Not discussed.</p>';

describe('evidence in the notes view', () => {
  it('keeps the engine evidence of unchanged sentences and aligns edited ones', () => {
    const engine = alignNoteEvidence(NOTE, TRANSCRIPT);
    const stored = engine.map((e) => (e.text.startsWith('Left') ? { ...e, support: 0.99 } : e));
    const edited = NOTE.replace(
      'Ibuprofen 400 mg.',
      'Ibuprofen 400 mg for the knee. Golf on Sunday.',
    );
    const blocks = evidenceBlocks(edited, TRANSCRIPT, stored);

    expect(blocks.map((b) => b.kind)).toEqual([
      'heading',
      'paragraph',
      'heading',
      'item',
      'paragraph',
    ]);
    const sentences = blocks.flatMap((b) => (b.kind === 'heading' ? [] : b.sentences));
    expect(sentences.map((s) => s.text)).toEqual([
      'Left knee pain for 2 weeks.',
      'Ibuprofen 400 mg for the knee.',
      'Golf on Sunday.',
      'Not discussed.',
    ]);
    // Unchanged: the stored entry itself. Edited: aligned afresh. Placeholder: no claim.
    expect(sentences[0]?.evidence?.support).toBe(0.99);
    const quoted = sentences[1]!.evidence!.spans.map((s) => TRANSCRIPT.slice(s.start, s.end));
    expect(quoted.join(' ')).toContain('ibuprofen four hundred milligrams');
    expect(sentences[2]?.evidence?.supported).toBe(false);
    expect(sentences[3]?.evidence).toBeNull();
  });
});
