/**
 * Issue 24, "notes never launder uncertainty": a stretch of the transcript the recogniser was
 * unsure of may be a misheard symptom or medicine (worth a marked sentence the clinician checks)
 * or misheard talk ("you tick in a real guitar"), which is noise. Only a sentence naming something
 * clinical survives on uncertain words, and then with a review mark in its evidence.
 */
import { BODY_PART_PATTERN, CONDITIONS, MEDICATIONS, SYMPTOM_TERMS, TESTS } from './lexicon';

let clinicalTerms: RegExp | null = null;

const escape = (term: string): string => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Symptoms, conditions, medicines and tests of the lexicon as one whole-word pattern. */
function clinicalTermPattern(): RegExp {
  if (clinicalTerms) return clinicalTerms;
  const terms = new Set(
    [...SYMPTOM_TERMS.map((entry) => entry.term), ...CONDITIONS, ...MEDICATIONS, ...TESTS]
      .map((term) => term.toLowerCase().trim())
      .filter((term) => term.length > 2),
  );
  const alternatives = [...terms].sort((a, b) => b.length - a.length).map(escape);
  clinicalTerms = new RegExp(`\\b(?:${alternatives.join('|')})\\b`);
  return clinicalTerms;
}

/** True when the sentence names a symptom, condition, medicine, test or part of the body. */
export function namesClinicalContent(text: string): boolean {
  const lower = text.toLowerCase();
  return clinicalTermPattern().test(lower) || BODY_PART_PATTERN.test(lower);
}
