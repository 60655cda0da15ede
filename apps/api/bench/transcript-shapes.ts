/**
 * The transcript shapes the app really receives, made from ACI-BENCH's tagged dialogues (issue 21):
 *
 * - `tagged`: the dialogue as published, one `[doctor]` / `[patient]` turn per line, punctuated.
 * - `plain`:  speaker tags removed, punctuation kept, one line (a Whisper server: punctuation, no
 *             speakers, one text).
 * - `asr`:    tags and punctuation removed, lower case, one line (the offline recogniser: words
 *             only; every word still right).
 *
 * ACI-BENCH's text is tokenised ("do n't", "gon na", "it 's"); a recogniser writes the words as
 * said, so both reshaped forms join the tokens back.
 */
export const TRANSCRIPT_SHAPES = ['tagged', 'plain', 'asr'] as const;
export type TranscriptShape = (typeof TRANSCRIPT_SHAPES)[number];

const TAG = /^\s*\[[a-z_]+\]\s*/;

function joinTokens(text: string): string {
  return text
    .replace(/ n't\b/g, "n't")
    .replace(/ '(s|m|re|ve|ll|d)\b/g, "'$1")
    .replace(/\bgon na\b/g, 'gonna')
    .replace(/\bwan na\b/g, 'wanna')
    .replace(/\bgot ta\b/g, 'gotta');
}

export function reshapeTranscript(dialogue: string, shape: TranscriptShape): string {
  if (shape === 'tagged') return dialogue;
  const turns = dialogue
    .split('\n')
    .map((line) => joinTokens(line.replace(TAG, '').trim()))
    .filter((line) => line.length > 0);
  if (shape === 'plain') {
    return turns
      .join(' ')
      .replace(/\s+([.,?!;:])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim();
  }
  return turns
    .join(' ')
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/(^| )'+|'+(?= |$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
