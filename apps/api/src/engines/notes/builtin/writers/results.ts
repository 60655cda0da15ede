/** Results: tests the clinician reviewed and what they showed. */
import { readNumber } from '@clerkly/contracts';
import { TEST_RE, countMatches, relevance } from '../consultation';
import { wordCount } from '../normalise';
import { uniqueBy } from '../style';
import { type SectionBody, type WriterContext, fromClinician } from './writer';

const RESULT_WORDS =
  /\b(?:shows?|showed|shown|reveal(?:s|ed)?|demonstrat\w*|came back|normal|abnormal|elevated|high|low|negative|positive|unremarkable|consistent with|evidence of|fracture|fluid|level|at \d|is \d|was \d|\d+(?:\.\d+)?%?)\b/;
const ORDERING =
  /\b(?:order|schedule|get|obtain|repeat|check|send you for|do another|want to do|going to do|will do|recheck)\b[^.]*\b(?:test|x-?rays?|mri|ct|labs?|blood work|echocardiogram|ekg|ultrasound|a1c|scan|panel|study)\b/;

/** A test named with its result, as an examination goes on: "your ecg today is normal". */
const TEST_RESULT_SAID = new RegExp(
  `(?:${TEST_RE.source})(?: (?:today|here|again))? (?:is|was|are|were|looks?|looked|came back) (?:all )?(?:normal|abnormal|clear|fine|unremarkable|negative|positive)\\b`,
);

/** A result told as it is, not supposed ("if the ultrasound is normal, …"). */
function resultSaid(text: string): boolean {
  const said = TEST_RESULT_SAID.exec(text);
  return (
    said !== null &&
    !/\b(?:if|assuming|unless|whether|once|when|hopefully|hope)\b(?: [a-z0-9'-]+){0,3} $/.test(
      text.slice(0, said.index),
    )
  );
}

export function writeResults(ctx: WriterContext): SectionBody | null {
  const lines: string[] = [];
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.question || u.command) continue;
    if (/\b(?:dragon|show me)\b/.test(u.text)) continue;
    const hasTest = countMatches(TEST_RE, u.text) > 0;
    const inResults = u.phase === 'results';
    if (!hasTest && !(inResults && RESULT_WORDS.test(u.text) && relevance(u.text) >= 1)) continue;
    if (!RESULT_WORDS.test(u.text)) continue;
    if (ORDERING.test(u.text) && !/\b(?:showed|shows|revealed|came back|was|were)\b/.test(u.text))
      continue;
    if (
      !inResults &&
      !/\b(?:showed|shows|revealed|reveals|came back|demonstrat\w*|results?)\b/.test(u.text) &&
      !resultSaid(u.text)
    )
      continue;
    let t = u.text
      .replace(
        /^(?:so |and )?(?:looking|in reviewing|reviewing|i reviewed|i looked at|we looked at|i took a look at|i have reviewed|i had a chance to review|we reviewed)(?: here)?(?: at)?(?: the results of)? /,
        '',
      )
      .replace(
        // "your chest x-ray, it does look like ..." → "your chest x-ray shows ..."
        /^((?:the |your )?[a-z0-9 -]+?),?\s*(?:it |this |that )(?:does |do )?(?:looks?|shows?|seems?|appears?)(?: like| that)?\s/,
        '$1 shows ',
      )
      .replace(/\b(?:so |and )?what (?:that|this) means is\b.*$/, '');
    t = t
      .replace(/\bi (?:do )?not see any\b/g, 'there is no')
      .replace(
        /\b(at|of|is|was|around|about|to) (two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g,
        (_m, lead: string, n: string) => `${lead} ${readNumber([n], 0)?.value ?? n}`,
      );
    const line = fromClinician(ctx, t);
    if (wordCount(line) < 3) continue;
    ctx.used.add(u.id);
    lines.push(line);
  }
  const unique = uniqueBy(lines, (l) => l.toLowerCase());
  if (unique.length === 0) return null;
  return { content: (ctx.detail === 'brief' ? unique.slice(0, 3) : unique).join('\n\n') };
}
