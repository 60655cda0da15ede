/**
 * Template topic → section writers (`writers/registry.ts`). A topic led by a specialised word with
 * no dedicated writer, or matching none, is filled from the sentences that best match the topic's
 * name and guidance words.
 */
import type { NoteTopic } from '../note-engine';
import { SECTION_WRITERS, type SectionKind } from './writers/registry';
import type { SectionBody, WriterContext } from './writers/writer';

export function topicKinds(topic: NoteTopic): SectionKind[] {
  let name = topic.name.toLowerCase().replace(/[’']/g, "'").trim();
  const kinds: SectionKind[] = [];
  for (const { names: re, kind } of SECTION_WRITERS) {
    const m = re.exec(name);
    if (!m) continue;
    if (!kinds.includes(kind)) kinds.push(kind);
    name = name.replace(re, ' ').trim();
    if (!/[a-z]{3,}/.test(name.replace(/\b(?:and|or|of|the|to|for|with|your|&)\b/g, ''))) break;
  }
  // A topic led by a specialised word ("Risk Assessment", "Feeding and Sleep") has no dedicated
  // writer: its own guidance words choose the sentences, not the generic word after it.
  if (kinds.length === 0 || kinds[0] === 'keywords') return ['keywords'];
  return kinds;
}

export function writeTopic(ctx: WriterContext, topic: NoteTopic): SectionBody | null {
  const kinds = topicKinds(topic);
  const bodies: SectionBody[] = [];
  for (const kind of kinds) {
    const body = SECTION_WRITERS.find((w) => w.kind === kind)?.write(ctx, topic) ?? null;
    if (body) bodies.push(body);
  }
  if (bodies.length === 0) return null;
  if (bodies.length === 1) return bodies[0] ?? null;
  const content = bodies
    .map((b) => b.content)
    .filter((c) => c.length > 0)
    .join('\n\n');
  const bullets = bodies.flatMap((b) => b.bullets ?? []);
  return bullets.length > 0 ? { content, bullets } : { content };
}
