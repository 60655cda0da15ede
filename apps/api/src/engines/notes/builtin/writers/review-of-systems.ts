/** Review of systems: each body system's endorsed and denied symptoms, as the assertion stage read them. */
import { type BodySystem } from '../lexicon';
import { applyCasing, listJoin } from '../style';
import { type SectionBody, type WriterContext } from './writer';

const SYSTEM_ORDER: BodySystem[] = [
  'Constitutional',
  'Eyes',
  'ENT',
  'Cardiovascular',
  'Respiratory',
  'Gastrointestinal',
  'Genitourinary',
  'Musculoskeletal',
  'Skin',
  'Neurological',
  'Psychiatric',
  'Endocrine',
  'Hematologic',
];

export function writeReviewOfSystems(ctx: WriterContext): SectionBody | null {
  const bySystem = new Map<BodySystem, { endorses: string[]; denies: string[] }>();
  const polarity = new Map<string, boolean>();
  // A symptom reported anywhere counts as present, even if denied in another exchange.
  for (const s of ctx.c.symptoms) {
    polarity.set(s.canonical, (polarity.get(s.canonical) ?? false) || s.present);
  }
  for (const s of ctx.c.symptoms) {
    const entry = bySystem.get(s.system) ?? { endorses: [], denies: [] };
    const present = polarity.get(s.canonical) ?? s.present;
    const list = present ? entry.endorses : entry.denies;
    if (!list.includes(s.canonical)) list.push(s.canonical);
    bySystem.set(s.system, entry);
  }
  const bullets: string[] = [];
  for (const system of SYSTEM_ORDER) {
    const entry = bySystem.get(system);
    if (!entry) continue;
    const parts: string[] = [];
    if (entry.endorses.length > 0) parts.push(`Endorses ${listJoin(entry.endorses)}.`);
    if (entry.denies.length > 0) parts.push(`Denies ${listJoin(entry.denies, 'or')}.`);
    bullets.push(`${system}: ${applyCasing(parts.join(' '), null)}`);
  }
  return bullets.length > 0 ? { content: '', bullets } : null;
}
