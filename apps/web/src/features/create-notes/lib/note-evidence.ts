import {
  alignSentence,
  isPlaceholderSentence,
  prepareTranscript,
  sentenceKey,
  splitNoteSentences,
  type NoteEvidence,
  type SentenceEvidence,
} from '@clerkly/contracts';

/** A block of the note as shown: a heading, or a paragraph / list item made of sentences. */
export type EvidenceBlock =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph' | 'item'; sentences: ShownSentence[] };

export interface ShownSentence {
  id: string;
  text: string;
  /** Null for "Not discussed." and other sentences that claim nothing. */
  evidence: SentenceEvidence | null;
}

/**
 * The note's blocks with each sentence's evidence. A sentence the engine wrote and the clinician
 * left unchanged keeps the engine's evidence (found by its text); one they wrote or changed is
 * aligned here, in the browser, with the same function the API uses.
 */
export function evidenceBlocks(
  safeHtml: string,
  transcript: string,
  evidence: NoteEvidence | undefined,
): EvidenceBlock[] {
  const byText = new Map((evidence ?? []).map((entry) => [sentenceKey(entry.text), entry]));
  const prepared = transcript.trim() ? prepareTranscript(transcript) : null;
  const doc = new DOMParser().parseFromString(`<body>${safeHtml}</body>`, 'text/html');
  const blocks: EvidenceBlock[] = [];
  let section = '';
  let count = 0;
  const sentencesOf = (text: string): ShownSentence[] =>
    splitNoteSentences(text).map((sentence) => {
      const id = `s${count++}`;
      if (isPlaceholderSentence(sentence)) return { id, text: sentence, evidence: null };
      const found =
        byText.get(sentenceKey(sentence)) ??
        (prepared ? alignSentence({ section, text: sentence }, prepared) : null);
      return { id, text: sentence, evidence: found };
    });
  const visit = (element: Element) => {
    const tag = element.tagName.toLowerCase();
    if (/^h[1-6]$/.test(tag)) {
      section = element.textContent?.trim() ?? '';
      blocks.push({ kind: 'heading', level: Number(tag.slice(1)), text: section });
    } else if (tag === 'ul' || tag === 'ol') {
      for (const item of Array.from(element.children)) {
        blocks.push({ kind: 'item', sentences: sentencesOf(item.textContent ?? '') });
      }
    } else if (tag === 'p' || tag === 'pre' || tag === 'blockquote') {
      // Line breaks inside a paragraph separate lines, as in the editor.
      const lines = element.innerHTML.split(/<br\s*\/?>/i);
      for (const line of lines) {
        const text = new DOMParser().parseFromString(line, 'text/html').body.textContent ?? '';
        if (text.trim()) blocks.push({ kind: 'paragraph', sentences: sentencesOf(text) });
      }
    } else if (element.children.length > 0) {
      for (const child of Array.from(element.children)) visit(child);
    } else if (element.textContent?.trim()) {
      blocks.push({ kind: 'paragraph', sentences: sentencesOf(element.textContent) });
    }
  };
  for (const child of Array.from(doc.body.children)) visit(child);
  if (blocks.length === 0 && doc.body.textContent?.trim()) {
    blocks.push({ kind: 'paragraph', sentences: sentencesOf(doc.body.textContent) });
  }
  return blocks;
}
