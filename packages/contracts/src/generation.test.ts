import { describe, expect, it } from 'vitest';
import { transcriptionLagText } from './generation';
import { SEGMENT_RULES } from './segments';

describe('transcriptionLagText (issue 25)', () => {
  it('says nothing while transcription keeps up: one segment of audio is being decoded', () => {
    expect(transcriptionLagText(0)).toBeNull();
    expect(transcriptionLagText(SEGMENT_RULES.maxSeconds)).toBeNull();
    expect(transcriptionLagText(Number.NaN)).toBeNull();
  });

  it('says how far behind it is once more than a segment waits', () => {
    expect(transcriptionLagText(40.4)).toBe('Transcription is 40 s behind.');
    expect(transcriptionLagText(SEGMENT_RULES.maxSeconds + 1)).toBe(
      `Transcription is ${SEGMENT_RULES.maxSeconds + 1} s behind.`,
    );
  });
});
