/** A mixed "Objective" section: the examination plus the results. */
import { writeExamination } from './examination';
import { writeResults } from './results';
import { type SectionBody, type WriterContext } from './writer';

export function writeObjective(ctx: WriterContext): SectionBody | null {
  const exam = writeExamination(ctx);
  const results = writeResults(ctx);
  if (!exam && !results) return null;
  const content = [exam?.content ?? '', results?.content ?? '']
    .filter((x) => x.length > 0)
    .join('\n\n');
  const body: SectionBody = { content };
  if (exam?.bullets) body.bullets = exam.bullets;
  return body;
}
