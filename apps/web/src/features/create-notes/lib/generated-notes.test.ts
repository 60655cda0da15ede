import { describe, expect, it } from 'vitest';
import {
  mergeOutputs,
  replaceNoteOutput,
  sameTemplateId,
  toSessionUpdate,
  type GeneratedNote,
} from './generated-notes';

const note = (templateId: number, output: string): GeneratedNote => ({
  templateId,
  output,
  typing: false,
});

describe('sameTemplateId', () => {
  it('compares template ids as integers, whatever their type', () => {
    expect(sameTemplateId(5, '5')).toBe(true);
    expect(sameTemplateId('12', 12)).toBe(true);
    expect(sameTemplateId('5', 50)).toBe(false);
    expect(sameTemplateId('abc', 0)).toBe(false);
  });
});

describe('replaceNoteOutput', () => {
  const notes = [note(1, '<p>SOAP</p>'), note(7, '<p>Certificate</p>')];

  it('replaces the output of the entry whose templateId matches as an integer', () => {
    const updated = replaceNoteOutput(notes, '7', '<p>Edited</p>');
    expect(updated?.map((entry) => entry.output)).toEqual(['<p>SOAP</p>', '<p>Edited</p>']);
    expect(updated?.[1]?.outputObj).toEqual({ templateId: 7, output: '<p>Edited</p>' });
    // The list given is left as it was.
    expect(notes[1]?.output).toBe('<p>Certificate</p>');
  });

  it('changes nothing when no entry matches', () => {
    expect(replaceNoteOutput(notes, '3', '<p>Edited</p>')).toBeNull();
  });
});

describe('mergeOutputs', () => {
  it('adds notes for new templates and replaces those for templates already shown', () => {
    const merged = mergeOutputs(
      [note(1, 'old')],
      [
        { templateId: 2, output: 'two' },
        { templateId: 1, output: 'new' },
      ],
    );
    expect(merged.map((entry) => [entry.templateId, entry.output, entry.typing])).toEqual([
      [1, 'new', true],
      [2, 'two', true],
    ]);
  });
});

describe('toSessionUpdate', () => {
  it('builds the session update with whole seconds', () => {
    expect(
      toSessionUpdate({
        notes: [note(1, '<p>A</p>')],
        sessionId: 9,
        durationSeconds: 20.6,
        transcribedText: 'sore throat',
        baseVersion: 3,
      }),
    ).toEqual({
      notes: [{ notesContent: '<p>A</p>', patientSessionId: 9, templateId: 1 }],
      duration: 21,
      transcribedText: 'sore throat',
      baseVersion: 3,
    });
  });
});
