import { describe, expect, it } from 'vitest';
import { TEMPLATE_CATALOGUE } from '../../db/seed/template-catalogue';
import { createBuiltinNoteEngine } from './builtin.notes';
import type { NoteTemplate } from './note-engine';

/**
 * Issue 24: the builtin engine never writes plain history from words the recogniser was unsure
 * of. The misheard stretch is the issue's own ("you tick in a real guitar ...").
 */
const soap: NoteTemplate = (() => {
  const t = TEMPLATE_CATALOGUE.find((x) => x.name === 'SOAP Note');
  if (!t) throw new Error('no SOAP Note');
  return { name: t.name, kind: t.kind, topics: t.topics };
})();

const heard =
  'i twisted my right knee on a ladder yesterday and it is swollen i take digoxin for atrial fibrillation';
const misheard =
  'and you you tick in a real guitar my ah putting some ice on it and has not really killed at';

// The unpunctuated lower-case shape the offline recogniser gives.
const transcript = `${heard} ${misheard}`;
const confidences = (sure: number, unsure: number) => [
  ...heard.split(' ').map((word) => ({ word, confidence: sure })),
  ...misheard.split(' ').map((word) => ({ word, confidence: unsure })),
];

const engine = createBuiltinNoteEngine();
const sentencesFrom = (note: Awaited<ReturnType<typeof engine.generate>>) =>
  (note.evidence ?? []).filter((entry) => entry.spans.length > 0);

describe('builtin notes from uncertain words (issue 24)', () => {
  it('writes no unmarked sentence from the misheard stretch', async () => {
    const note = await engine.generate({
      transcript,
      template: soap,
      wordConfidences: confidences(0.95, 0.15),
    });
    expect(note.text.toLowerCase()).not.toContain('guitar');
    expect(note.text.toLowerCase()).not.toContain('killed');
    for (const entry of sentencesFrom(note)) {
      const fromMisheard = entry.spans.some((span) => span.end > heard.length + 1);
      if (fromMisheard && entry.supported) expect(entry.uncertain).toBe(true);
    }
    // What was heard clearly is still written, unmarked.
    expect(note.text.toLowerCase()).toContain('twisted their right knee on a ladder');
    expect(sentencesFrom(note).some((entry) => entry.supported && !entry.uncertain)).toBe(true);
  });

  it('gives each sentence the confidence of its evidence', async () => {
    const note = await engine.generate({
      transcript,
      template: soap,
      wordConfidences: confidences(0.95, 0.15),
    });
    for (const entry of sentencesFrom(note)) {
      expect(entry.confidence).toBeGreaterThanOrEqual(0);
      expect(entry.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('writes the same note as before when every word was sure', async () => {
    const sure = await engine.generate({
      transcript,
      template: soap,
      wordConfidences: confidences(0.95, 0.95),
    });
    const without = await engine.generate({ transcript, template: soap });
    expect(sure.text).toBe(without.text);
    expect(sentencesFrom(sure).every((entry) => entry.uncertain !== true)).toBe(true);
  });
});
