/** Physical examination: the clinician's narrated findings by body system, and vital signs. */
import {
  EXAM_RE,
  type Utterance,
  countMatches,
  examRelevance,
  planRelevance,
} from '../consultation';
import { PART_FOUND_SOURCE } from '../lexicon';
import { wordCount } from '../normalise';
import { clinicianToThirdPerson } from '../perspective';
import { toSentence } from '../style';
import { META, type SectionBody, type WriterContext } from './writer';

/** How a joint was examined: the musculoskeletal examination itself. */
const JOINT_EXAM =
  /\b(?:range of motion|flexion|extension|abduction|adduction|rotation|deviation|straight leg|crepitus|effusion)\b/;
/**
 * Limbs, joints and muscles: where a finding is, which is the musculoskeletal system's only when
 * no other system's finding is named ("pulses in the foot", "a rash on the arm").
 */
const MUSCULOSKELETAL_PART =
  /\b(?:knee|shoulder|hip|ankle|wrist|elbow|back|spine|lumbar|cervical spine|joint|muscle|extremit\w*|hand|fingers?|foot|feet|leg|legs|arm|metacarpals?|trapezius|deltoid|rotator cuff|hamstrings?|quadriceps|calf)\b/;

const EXAM_SYSTEMS: [string, RegExp][] = [
  // First: a breast lump "in the upper outer quadrant" is not the abdomen's, nor the armpit's
  // lymph nodes the neck's.
  ['Breast', /\b(?:breasts?|nipples?|areolae?|axillae?|axillary|armpits?)\b/],
  ['Neck', /\b(?:neck|thyroid|thyromegaly|jugular|jvd|carotid|lymph|adenopathy|lymphadenopathy)\b/],
  [
    'Cardiovascular',
    /\b(?:heart|murmur|rub|gallop|rhythm|regular rate|pulses|capillary refill|cardiac|s1|s2)\b/,
  ],
  [
    'Respiratory',
    /\b(?:lungs?|chest (?:is|was|sounds?) (?:clear|normal)|breath sounds|wheez\w*|crackles|rales|rhonchi|respiratory|breathing)\b/,
  ],
  [
    'Gastrointestinal',
    /\b(?:abdomen|abdominal|bowel sounds|belly|tummy|stomach|liver|spleen|hernia|epigastric|quadrant)\b/,
  ],
  [
    'Neurological',
    /\b(?:reflexes|sensation|cranial|gait|oriented|neuro(?!vascular)\w*|numbness|tingling|strength)\b/,
  ],
  ['Skin', /\b(?:skin|rash|lesions?|incision|wound|laceration|abrasion|mole)\b/],
  [
    'HEENT',
    /\b(?:eyes?|pupils|ears?|ear ?drums?|tympanic|throat|oropharynx|nose|nasal|sinus|head|mouth|tonsils)\b/,
  ],
  ['Psychiatric', /\b(?:mood|affect|judgment|insight)\b/],
  ['Musculoskeletal', new RegExp(`${JOINT_EXAM.source}|${MUSCULOSKELETAL_PART.source}`)],
];

/** Findings said of any part ("tenderness over the lower abdomen"): the system is the part's. */
const FOUND_ANYWHERE =
  /\b(?:palpation|tenderness|swelling|bruising|ecchymosis|deformity|edema|oedema)\b/;

/**
 * "her chest is clear and her ears look normal": two parts found in one breath, each written
 * under its own system.
 */
const NEXT_PART_FOUND = new RegExp(`,? and (?=(?:your|her|his|their|the) ${PART_FOUND_SOURCE})`);

/**
 * A vital sign read out with its value, and the "and" that joined it to a finding; with the
 * patient's own best or usual value said after it ("your peak flow is 320, your best is 450").
 */
const VITAL_CLAUSE =
  /(?:,?\s*\b(?:and|with)\s+)?\b(?:(?:your|her|his|their|the)\s+)?(?:blood pressure|heart rate|pulse(?: rate)?|temperature|respiratory rate|oxygen(?: saturation| sat| level)?|sats|peak flow)\b[^,.;]*?\d[^,.;]*(?:,?\s*(?:and |but |when |where )?(?:your|her|his|their) (?:best|usual|normal|baseline|predicted)(?: one)?(?: is| was|'s)?(?: about| around)? \d[^,.;]*)?/g;

/** A part and how it was found, said plainly: "your lungs sound nice and clear". */
const PART_FOUND_SAID = new RegExp(`^(?:(?:your|her|his|their|the) )?${PART_FOUND_SOURCE}`);

function partsFound(text: string): string[] {
  const parts = text.split(NEXT_PART_FOUND).filter((part) => part.trim().length > 0);
  // "your throat is red and your tonsils are swollen": one system, one sentence. A long run of
  // recognised speech stays whole, for grounding to keep what it can bear out.
  return new Set(parts.map((part) => examSystem(part, null))).size > 1 &&
    parts.every((part) => wordCount(part) <= 12)
    ? parts
    : [text];
}

function examSystem(text: string, fallback: string | null): string {
  const named = /\b(?:on|in) (?:your |his |her |the )?([a-z]+) exam/.exec(text)?.[1];
  if (named) {
    for (const [system, re] of EXAM_SYSTEMS) if (re.test(named)) return system;
    if (/^(?:lung|chest)$/.test(named)) return 'Respiratory';
    if (/^(?:heart|cardiac)$/.test(named)) return 'Cardiovascular';
  }
  // The system whose finding was said first ("abduction of the right shoulder is full and
  // strength is normal" is the shoulder's; "wheezing, and heart is regular" the lungs'), a
  // breast's findings always the breast's. A limb only says where: "pulses in the foot" are the
  // circulation's.
  let first: { system: string; at: number } | null = null;
  for (const [system, re] of EXAM_SYSTEMS) {
    const at = (system === 'Musculoskeletal' ? JOINT_EXAM : re).exec(text)?.index;
    if (at === undefined) continue;
    if (system === 'Breast') return system;
    if (first === null || at < first.at) first = { system, at };
  }
  if (first) return first.system;
  if (MUSCULOSKELETAL_PART.test(text) || FOUND_ANYWHERE.test(text)) return 'Musculoskeletal';
  return fallback ?? 'General';
}

const EXAM_ANNOUNCEMENT =
  /\b(?:going to|want to|let me|i will|would like to|like to|need to|i am going to)\b[^.]*\b(?:exam|examine|look|check|listen|feel|press|push|take a look)\b/;

/**
 * What the clinician means to do ("I would like to check your kidney function"): the plan's, not a
 * finding, when it says no more of the examination than of the plan ("we will say mild tenderness
 * to light palpation…" dictates findings).
 */
const INTENTION =
  /^(?:(?:so|and|okay|ok|now|well),? )*(?:i would like to|i'd like to|i want to|we will|we'll|we would like to|we are going to|we're going to|i am going to|i'm going to|let us|let's|we need to|we should)\b/;

/** Instructions to the patient during the examination ("take a deep breath"). */
const EXAM_INSTRUCTION =
  /^(?:kick|push|pull|squeeze|take|breathe|look|follow|lie|lay|sit|stand|walk|bend|relax|open|say|raise|lift|turn|hold|point|touch|tell|let|go ahead|try|move|make|keep|stick|cough|scoot|hop|step|put|grab|give|show)\b/;

function examFinding(ctx: WriterContext, raw: string): string | null {
  let t = raw;
  if (EXAM_INSTRUCTION.test(t)) return null;
  // Vital signs are written once, in their own lines. A finding said in the same breath stays:
  // "your chest is clear and your oxygen is 98%".
  if (
    /\b(?:blood pressure|heart rate|pulse rate|temperature|respiratory rate|oxygen|peak flow|running a fever|vital signs|vitals)\b/.test(
      t,
    ) &&
    countMatches(EXAM_RE, t.replace(/\b(?:pulse|rate)\b/g, '')) < 2
  ) {
    const rest = t.replace(VITAL_CLAUSE, '').trim();
    if (rest === t || wordCount(rest) < 3 || !PART_FOUND_SAID.test(rest)) return null;
    t = rest;
  }
  t = t.replace(
    /^(?:looking at|listening to|examining|checking) (?:your |the |his |her |their )?[a-z]+(?: and (?:your |the |his |her |their )?[a-z]+)?,?\s*/,
    '',
  );
  if (wordCount(t) < 2) return null;
  if (/\b(?:dragon|show me)\b/.test(t)) return null;
  if (/\bwhat does (?:all )?that mean\b/.test(t))
    t = t.replace(/\b(?:so )?what does (?:all )?that mean\b.*$/, '');
  if (INTENTION.test(t) && !EXAM_ANNOUNCEMENT.test(t) && planRelevance(t) >= examRelevance(t)) {
    return null;
  }
  if (EXAM_ANNOUNCEMENT.test(t) && examRelevance(t.replace(EXAM_ANNOUNCEMENT, '')) < 2) return null;
  if (examRelevance(t) < 1 && !PART_FOUND_SAID.test(t)) return null;
  t = t
    .replace(
      /^(?:on|in|for) (?:your |his |her |the )?(?:physical )?exam(?:ination)? of (?:your |his |her |the )?((?:left |right )?[a-z]+)\s*,?\s*(?:there (?:is|are) |you have |i see |i feel )?/,
      '$1: ',
    )
    .replace(
      /^(?:on|in|for) (?:your |his |her |the )?(?:physical )?(?:exam(?:ination)?|[a-z]+ exam),?\s*/,
      '',
    )
    .replace(/\b(?:looking at|listening to|on) (?:your |the )?([a-z]+),\s*/, '$1: ')
    .replace(
      /\bi (?:do )?not (?:appreciate|hear|feel|see|notice|note|find|detect) (?:any )?/g,
      'no ',
    )
    .replace(
      /\bi (?:do |did )?(?:appreciate|hear|feel|see|notice|note|find|detect)d?\s*(?:that )?/g,
      '',
    )
    .replace(/\byou do not have (?:any )?/g, 'no ')
    .replace(
      /\b(?:you|there) (?:do |does )?(?:have|has|is|are) (?:a |an |some )?(?=\d|[a-z]+ (?:pain|tenderness|swelling|edema|effusion|murmur|crackles|range))/g,
      '',
    )
    .replace(
      /\b(?:which|that) (?:we have|i have|we|i) (?:heard|seen|noted) (?:in the past|before|previously)\b/g,
      'previously noted',
    )
    .replace(/\beverything (?:seems|looks|is) (?:fine|good|normal)\b/g, 'normal')
    .replace(/\bi think\b/g, '');
  const converted = clinicianToThirdPerson(t, ctx.c.pronouns)
    // "her right eardrum is red" → "The right eardrum is red": the side stays with the finding.
    .replace(/^(?:his|her|their) (?=(?:left|right) )/, 'the ')
    .replace(/^(?:his|her|their) /, '')
    .replace(/\b(?:his|her|their|the patient's) (?=lungs|heart|abdomen)/g, '');
  const out = toSentence(converted, ctx.c.name);
  return wordCount(out) >= 2 ? out : null;
}

function palpationStatement(q: Utterance): string | null {
  if (!q.answer || q.answer.polarity === 'unclear') return null;
  const yes = q.answer.polarity === 'yes';
  const part = /\b(?:your|the|this) ((?:left |right )?[a-z]+)\b/.exec(
    q.text.replace(
      /\b(?:your|the) (?:inside|outside|top|bottom|side|front|back) (?:of|here)\b/,
      '',
    ),
  )?.[1];
  if (
    /\b(?:press|push|touch|palpat|squeeze|feel (?:this|that|here))\w*\b/.test(q.text) &&
    /\b(?:hurt|pain|tender|sore)\b/.test(q.text)
  ) {
    return `${yes ? 'Tenderness' : 'No tenderness'} to palpation${part && !/^(?:here|there|inside|outside)$/.test(part) ? ` of the ${part}` : ''}.`;
  }
  const movement =
    /\b(flex|extend|bend|straighten|lift|raise|rotate|twist|turn|move|make a fist|walk|squat)\w*\b/.exec(
      q.text,
    )?.[1];
  if (movement && /\b(?:hurt|pain)\b/.test(q.text)) {
    const noun: Record<string, string> = {
      flex: 'flexion',
      extend: 'extension',
      bend: 'bending',
      straighten: 'extension',
      lift: 'lifting',
      raise: 'elevation',
      rotate: 'rotation',
      twist: 'rotation',
      turn: 'rotation',
      move: 'movement',
      'make a fist': 'making a fist',
      walk: 'walking',
      squat: 'squatting',
    };
    return `${yes ? 'Pain' : 'No pain'} with ${noun[movement] ?? 'movement'}.`;
  }
  return null;
}

export function writeVitals(ctx: WriterContext): string[] {
  const lines = ctx.c.vitals.map((v) => `${v.label}: ${v.value}.`);
  if (lines.length === 0 && ctx.c.vitalsNormal)
    lines.push('Vital signs were reviewed and are within normal limits.');
  return lines;
}

export function writeExamination(ctx: WriterContext, includeVitals = true): SectionBody | null {
  const groups = new Map<string, string[]>();
  let lastSystem: string | null = null;
  for (const u of ctx.c.utterances) {
    if (u.role !== 'clinician' || u.command) continue;
    const inExam =
      u.phase === 'exam' ||
      /\b(?:on (?:your )?(?:physical )?exam|i (?:do )?(?:not )?appreciate)\b/.test(u.text);
    if (!inExam || u.dictation || META.test(u.text)) continue;
    for (const text of u.question ? [u.text] : partsFound(u.text)) {
      const finding = u.question ? palpationStatement(u) : examFinding(ctx, text);
      if (!finding) continue;
      const system = examSystem(text, lastSystem);
      lastSystem = system;
      ctx.used.add(u.id);
      const list = groups.get(system) ?? [];
      if (!list.includes(finding)) list.push(finding);
      groups.set(system, list);
    }
  }
  const vitals = includeVitals ? writeVitals(ctx) : [];
  const bullets = [...groups.entries()].map(
    ([system, findings]) => `${system}: ${findings.join(' ')}`,
  );
  if (vitals.length === 0 && bullets.length === 0) return null;
  const body: SectionBody = { content: vitals.join('\n') };
  if (bullets.length > 0) body.bullets = ctx.detail === 'brief' ? bullets.slice(0, 4) : bullets;
  return body;
}
