/**
 * Text split into sentences for reading aloud one by one (spec point 4 "Read aloud"): at ., !
 * or ? followed by space, and at line breaks (headings and list items carry no full stop).
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=\S)/))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}
