/**
 * Evidence and safety for every engine (issue 12): `annotateNote` aligns each sentence of a
 * finished note with the transcript spans it comes from and runs the safety check, so the routes
 * return both beside the note and store the evidence with the draft.
 */
import {
  alignNoteEvidence,
  checkNoteSafety,
  confidenceTokens,
  contentStems,
  marksForReview,
  noteEvidenceSchema,
  sentenceConfidence,
  sentenceKey,
  shownConfidence,
  type NoteEvidence,
  type SynonymMap,
  type WordConfidence,
} from '@clerkly/contracts';
import { SYMPTOM_TERMS } from './builtin/lexicon';
import type { GeneratedNote } from './note-engine';

let builtinVocabulary: SynonymMap | null = null;

/**
 * The builtin engine writes a symptom by its canonical name ("heartburn") when the patient said one
 * of its variants ("burning in my chest"): each canonical word may be evidenced by the variants.
 */
export function builtinSynonyms(): SynonymMap {
  if (builtinVocabulary) return builtinVocabulary;
  const map = new Map<string, Set<string>>();
  for (const { term, canonical } of SYMPTOM_TERMS) {
    if (term === canonical) continue;
    const variant = contentStems(term);
    for (const word of contentStems(canonical)) {
      const set = map.get(word) ?? new Set<string>();
      for (const v of variant) if (v !== word) set.add(v);
      map.set(word, set);
    }
  }
  builtinVocabulary = new Map([...map].map(([k, v]) => [k, [...v]]));
  return builtinVocabulary;
}

function noteEvidence(html: string, transcript: string, synonyms?: SynonymMap): NoteEvidence {
  return alignNoteEvidence(html, transcript, synonyms);
}

/**
 * Issue 24: each sentence's evidence with the confidence of what it rests on (its least sure word
 * of its own, `sentenceConfidence`) and `uncertain` where that calls for review. Without
 * confidences (a typed transcript, an engine that gave none) the evidence is unchanged.
 */
function withConfidence(
  evidence: NoteEvidence,
  transcript: string,
  words: readonly WordConfidence[] | undefined,
  synonyms?: SynonymMap,
): NoteEvidence {
  if (!words || words.length === 0) return evidence;
  const tokens = confidenceTokens(transcript, words);
  return evidence.map((entry) => {
    const confidence = sentenceConfidence(tokens, entry, synonyms);
    const shown = shownConfidence(confidence);
    if (shown === null) return entry;
    return {
      ...entry,
      confidence: Math.round(shown * 100) / 100,
      uncertain: marksForReview(confidence),
    };
  });
}

/** The note with its evidence (and its confidence, issue 24) and safety findings attached. */
export function annotateNote(
  note: GeneratedNote,
  transcript: string,
  synonyms?: SynonymMap,
  words?: readonly WordConfidence[],
): GeneratedNote {
  return {
    ...note,
    evidence: withConfidence(
      noteEvidence(note.html, transcript, synonyms),
      transcript,
      words,
      synonyms,
    ),
    safety: checkNoteSafety(note.html, transcript),
  };
}

/**
 * The evidence of a note the clinician saves: a sentence they left unchanged keeps the evidence
 * the engine gave it (found by its text); a sentence they wrote or changed is aligned afresh.
 */
export function evidenceForSavedNote(
  content: string,
  transcript: string,
  draft: NoteEvidence = [],
): NoteEvidence {
  const byText = new Map(draft.map((entry) => [sentenceKey(entry.text), entry]));
  const fresh = alignNoteEvidence(content, transcript);
  return fresh.map((entry) => {
    const kept = byText.get(sentenceKey(entry.text));
    return kept ? { ...kept, section: entry.section } : entry;
  });
}

/** Sealed storage form, and back (a bad or missing value reads as no evidence). */
export function sealEvidence(evidence: NoteEvidence, seal: (text: string) => string): string {
  return seal(JSON.stringify(evidence));
}

export function openEvidence(
  sealed: string | null | undefined,
  open: (text: string) => string,
): NoteEvidence {
  if (!sealed) return [];
  try {
    const parsed = noteEvidenceSchema.safeParse(JSON.parse(open(sealed)));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}
