/** A mixed "Subjective" section: the history plus the review of systems. */
import { writeHistory } from './history';
import { writeReviewOfSystems } from './review-of-systems';
import { type SectionBody, type WriterContext } from './writer';

/** A mixed "Subjective" or "History" section: the history plus pertinent positives/negatives. */
export function writeSubjective(ctx: WriterContext): SectionBody | null {
  const history = writeHistory(ctx);
  const ros = writeReviewOfSystems(ctx);
  if (!history && !ros) return null;
  const body: SectionBody = { content: history?.content ?? '' };
  if (ros?.bullets) body.bullets = ros.bullets;
  return body;
}
