/**
 * The kinds of item a plan is made of (issue 27: drafts that learn from edits). Many clinicians
 * label each problem's items by kind ("• Medical Reasoning: …", "• Additional Testing: …",
 * "Patient Agreements: …"), each in their own words. The learner reads which label a clinician
 * gives each kind (`style-learning.ts`); the builtin engine lays its plan out under those labels
 * (`apply-style.ts`). Only the layout changes: every sentence is the one the engine wrote and
 * grounded, under a label that says what kind of item it is.
 */
import { splitNoteSentences } from '@clerkly/contracts';
import type { NoteSection } from '../note-engine';

/** Sections of these kinds hold a plan's items: "Assessment and Plan", "Plan". */
export const holdsPlanItems = (kinds: readonly string[]) =>
  kinds.some((kind) => kind === 'assessment-plan' || kind === 'plan');

/** In the order clinicians write them within a problem: why, what to check, what to do, … */
export const PLAN_ITEM_KINDS = [
  'reasoning',
  'testing',
  'treatment',
  'referral',
  'education',
  'follow-up',
  'agreement',
] as const;
export type PlanItemKind = (typeof PLAN_ITEM_KINDS)[number];

/** First match wins: an item that orders a test of a medicine's level is about the test. */
const KIND_PATTERNS: readonly [PlanItemKind, RegExp][] = [
  ['agreement', /\b(?:agrees?|agreed|understands?|consents?|consented)\b/i],
  [
    'follow-up',
    /\b(?:follow(?:-| )?up|come back|return(?:s|ing)? (?:to|in|for)|see (?:you|him|her|them) (?:back|again|in))\b/i,
  ],
  ['referral', /\b(?:refer(?:s|red|ral)?|specialist|consult(?:ation)?)\b/i],
  [
    'testing',
    /\b(?:order(?:s|ed|ing)?|x-?rays?|scans?|mri|ct|labs?|lab ?work|blood ?work|blood tests?|tests?|testing|ultrasound|echo(?:cardiogram)?|ekg|ecg|biopsy|panel|a1c|cultures?|urinalysis|imaging|swab)\b/i,
  ],
  [
    'treatment',
    /\b(?:prescri\w*|start(?:s|ed|ing)?|continue[sd]?|increase[sd]?|decrease[sd]?|mg|mcg|medications?|medicines?|dose|dosage|refills?|therapy|injections?|surgery|procedure|brace|splint|cream|tablets?|pills?|antibiotics?|inhaler|physical therapy)\b/i,
  ],
  [
    'reasoning',
    /\b(?:i think|i believe|likely|consistent with|diagnos\w*|because|due to|appears?|suggests?|seems?|probably|sounds like|looks like|well controlled|controlled|stable|doing (?:well|better)|improv\w*)\b/i,
  ],
  [
    'education',
    /\b(?:advised?|instruct\w*|counsel\w*|educat\w*|recommend\w*|encourag\w*|should|make sure|avoid|diet|exercise|hydrat\w*|fluids|rest|elevat\w*|ice|weigh\w*|monitor\w*|record\w*|report\w*|keep track|let (?:me|us) know|call (?:me|us|the office|the clinic)|contact (?:me|us|the office))\b/i,
  ],
];

/** The kind of one plan item, or null when it says none of them plainly. */
export function planItemKind(text: string): PlanItemKind | null {
  for (const [kind, pattern] of KIND_PATTERNS) if (pattern.test(text)) return kind;
  return null;
}

/** "Medical Treatment: Continue Imitrex." → its label and what follows. */
const LABELLED_ITEM = /^([A-Z][A-Za-z /&-]{2,40}):\s+(\S.*)$/s;

export function labelledItem(line: string): { label: string; text: string } | null {
  const m = LABELLED_ITEM.exec(line.trim());
  return m?.[1] && m[2] ? { label: m[1].trim(), text: m[2].trim() } : null;
}

/** The clinician's label for each kind of item, and whether they write it as a bullet. */
export type PlanLabels = Partial<Record<PlanItemKind, { label: string; bullet: boolean }>>;

/**
 * The labels of a template section's example (a clinician's own note, "From an example note"):
 * each kind of item under the label the example gives it most often; null when it labels none.
 */
export function planLabelsOfExample(example: string): PlanLabels | null {
  const seen = new Map<PlanItemKind, Map<string, { times: number; bullets: number }>>();
  for (const raw of example.split('\n')) {
    const bullet = /^\s*(?:[•*-]|\d+[.)])\s+/.exec(raw);
    const item = labelledItem(bullet ? raw.slice(bullet[0].length) : raw);
    const kind = item ? planItemKind(item.text) : null;
    if (!item || !kind) continue;
    const labels = seen.get(kind) ?? new Map<string, { times: number; bullets: number }>();
    const tally = labels.get(item.label) ?? { times: 0, bullets: 0 };
    tally.times += 1;
    if (bullet) tally.bullets += 1;
    labels.set(item.label, tally);
    seen.set(kind, labels);
  }
  const out: PlanLabels = {};
  for (const [kind, labels] of seen) {
    const [label, { times, bullets }] = [...labels].sort((a, b) => b[1].times - a[1].times)[0]!;
    out[kind] = { label, bullet: 2 * bullets > times };
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * A plan section's text with its items under the clinician's labels. A problem's paragraph (its
 * title line, then one line per item) becomes its title and one labelled line per kind, in
 * `PLAN_ITEM_KINDS` order, items of a kind joined; an item of no kind is reasoning about the
 * problem, and one of a kind the clinician does not label stays as it was, before them. A paragraph of one line (the opening summary, the closing lines) keeps its
 * sentences, only those of a labelled follow-up or agreement kind going to lines of their own.
 */
export function labelPlanItems(content: string, labels: PlanLabels): string {
  const lineOf = (kind: PlanItemKind, text: string) => {
    const { label, bullet } = labels[kind]!;
    return `${bullet ? '• ' : ''}${label}: ${text}`;
  };
  const closingKind = (kind: PlanItemKind) => kind === 'follow-up' || kind === 'agreement';
  /** Items grouped under their kinds' labels, in `PLAN_ITEM_KINDS` order; the rest before. */
  const laidOut = (
    items: readonly string[],
    only: (kind: PlanItemKind) => boolean,
    remainder: PlanItemKind | null = null,
  ) => {
    const unlabelled: string[] = [];
    const byKind = new Map<PlanItemKind, string[]>();
    for (const item of items) {
      const kind = labelledItem(item) ? null : (planItemKind(item) ?? remainder);
      if (kind && labels[kind] && only(kind)) byKind.set(kind, [...(byKind.get(kind) ?? []), item]);
      else unlabelled.push(item);
    }
    const labelled = PLAN_ITEM_KINDS.filter((k) => byKind.has(k)).map((k) =>
      lineOf(k, byKind.get(k)!.join(' ')),
    );
    return { unlabelled, labelled, kinds: byKind.size };
  };
  return content
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const lines = paragraph.split('\n').map((l) => l.trim());
      if (lines.length > 1) {
        const [title, ...items] = lines;
        // Within a named problem, an item that orders, treats, refers, teaches or arranges
        // nothing is what the clinician makes of it: their reasoning, when they label that.
        const { unlabelled, labelled } = laidOut(
          items,
          () => true,
          labels.reasoning ? 'reasoning' : null,
        );
        return [title, ...unlabelled, ...labelled].join('\n');
      }
      // One paragraph of items with no problem named: laid out by kind when it holds items of
      // two labelled kinds or more; else (the opening summary, a closing line) only its
      // follow-up and agreement go to lines of their own.
      const sentences = splitNoteSentences(lines[0]!);
      const items = laidOut(sentences, (kind) => !closingKind(kind));
      const closing = laidOut(items.kinds >= 2 ? items.unlabelled : sentences, closingKind);
      const body = items.kinds >= 2 ? items.labelled : [];
      return [
        ...(closing.unlabelled.length > 0 ? [closing.unlabelled.join(' ')] : []),
        ...body,
        ...closing.labelled,
      ].join('\n');
    })
    .join('\n\n');
}

/** A section with its plan laid out under `labels`; as it was without them. */
export function withPlanLabels(section: NoteSection, labels: PlanLabels | null): NoteSection {
  return labels ? { ...section, content: labelPlanItems(section.content, labels) } : section;
}
