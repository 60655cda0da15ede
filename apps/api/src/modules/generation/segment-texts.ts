/** Joins segment texts into a transcript: each segment ends at a pause, often a change of speaker. */
export const joinSegmentTexts = (texts: string[]): string =>
  texts
    .map((text) => text.trim())
    .filter(Boolean)
    .join('\n');
