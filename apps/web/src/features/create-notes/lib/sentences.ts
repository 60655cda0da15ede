/** A list item's marker at the start of a line: "- ", "* ", "• ", "1. " or "1) ". */
const LIST_MARKER = /^\s*(?:[-*•]|\d+[.)])\s+/;

/**
 * Text split into sentences for reading aloud one by one (spec point 4 "Read aloud"): at ., !
 * or ? followed by space, and at line breaks (headings and list items carry no full stop).
 * List markers are not read (issue 14: "- Alice Brown presents today." was read with its dash).
 */
export function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(LIST_MARKER, ''))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=\S)/))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}
