/**
 * Template topic → section writer. Topic names vary across the catalogue and across users'
 * own templates ("Chief Complaint", "Presenting Complaint", "Reason for Visit" are one thing), so
 * names are matched against patterns; a compound name ("Medications and Allergies") gets each
 * writer in turn; anything unrecognised is filled from the sentences that best match the
 * topic's name and guidance words.
 */
import type { NoteTopic } from '../note-engine';
import {
  writeAllergies,
  writeAssessment,
  writeAssessmentAndPlan,
  writeByKeywords,
  writeChiefComplaint,
  writeExamination,
  writeFamilyHistory,
  writeFollowUp,
  writeHistory,
  writeMedications,
  writeObjective,
  writePastHistory,
  writePlan,
  writeResults,
  writeReviewOfSystems,
  writeSafetyNetting,
  writeSocialHistory,
  writeSubjective,
  writeSurgicalHistory,
  writeVitals,
  type SectionBody,
  type WriterContext,
} from './sections';

export type SectionKind =
  | 'chief-complaint'
  | 'history'
  | 'subjective'
  | 'ros'
  | 'past-history'
  | 'surgical-history'
  | 'medications'
  | 'allergies'
  | 'social'
  | 'family'
  | 'vitals'
  | 'exam'
  | 'objective'
  | 'results'
  | 'assessment-plan'
  | 'assessment'
  | 'plan'
  | 'follow-up'
  | 'safety-netting'
  | 'keywords';

/** Checked in order; the matched words are removed before the next pattern is tried. */
const ROUTES: [RegExp, SectionKind][] = [
  [
    /\b(?:risk|goals?|consent|adherence|adverse|interactions?|outcome|screening|immuni[sz]ations?|development\w*|milestones|feeding|sleep|dietary|nutrition|mechanism|training|load|function(?:al)?|cognition|mood|continence|mobility|falls|airway|anaesthetic|sedation|specimens?|technique|procedure|complications?|indication|team|capacity|occupation|duties|role|questionnaire|pregnancy|fetal|menstrual|obstetric|contraceptive|birth|neonatal|wound|dressing|dermoscopy|visual acuity|pressure|segment|otoscopy|audiometry|tympanometry|speech|hearing|toxicity|staging|response|exposures?|antimicrobial|microbiology|macroscopic|microscopic|ancillary|comparison|greeting|purpose|closing|recipient|urgency|introduction|identify|declaration|self-management|responsibilities|supports?|advance care)\b/,
    'keywords',
  ],
  [
    /\b(?:history of (?:the )?present(?:ing)? (?:illness|complaint)|hpi|interval history|history of skin problem|injury details|symptoms since last visit|session content|presenting concerns|what we discussed|case history|overnight events|symptoms and progress|current status|cardiac symptoms|respiratory symptoms|gastrointestinal symptoms|urinary symptoms|joint symptoms|pain and symptom behaviou?r|reaction history|symptoms)\b/,
    'history',
  ],
  [
    /\b(?:chief complaint|presenting complaint|presenting problem|presenting issues?|reason for (?:the )?(?:visit|referral|consultation|contact|assessment|encounter|attendance)|^cc$)/,
    'chief-complaint',
  ],
  [/^(?:history|subjective|situation)$/, 'subjective'],
  [/\breview of systems\b|\bros\b|\bsystems review\b|\bsystemic features\b/, 'ros'],
  [/\bsurgical history\b/, 'surgical-history'],
  [
    /\b(?:past medical history|medical history|past history|background|relevant background|pertinent history|comorbidities|chronic conditions|health problems|medical problems|cardiac history|renal history|ocular and medical history|past psychiatric history|mental health history|treatment history|diagnos[ie]s and staging|cardiovascular risk factors|risk factors)\b/,
    'past-history',
  ],
  [
    /\b(?:current medications|discharge medications|medications?|medicines?|prescribing)\b/,
    'medications',
  ],
  [/\ballerg\w*\b/, 'allergies'],
  [/\b(?:social|lifestyle|substance use)\b/, 'social'],
  [/\bfamily\b/, 'family'],
  [
    /\b(?:vital signs|vitals|observations|maternal observations|measurements|anthropometry)\b/,
    'vitals',
  ],
  [/\bobjective(?: assessment)?\b/, 'objective'],
  [
    /\b(?:physical examination|examination findings|examination|exam|physical|key findings|what we found|remote observations|findings)\b/,
    'exam',
  ],
  [
    /\b(?:results?(?: explained| and response)?|investigations?|imaging|lab\w*|biochemistry|tests?|testing|ecg)\b/,
    'results',
  ],
  [
    /\b(?:assessment and plan|impression and plan|problem list and plan|plan and jobs|issues)\b/,
    'assessment-plan',
  ],
  [
    /\b(?:assessment|impression|diagnos[ie]s|formulation|clinical impression|nursing assessment|interpretation)\b/,
    'assessment',
  ],
  [
    /\b(?:follow-?up(?: arrangements)?|review date|review|recall|disposition|next steps|plan for next session)\b/,
    'follow-up',
  ],
  [
    /\b(?:safety-?netting(?: advice)?|when to seek help|crisis and relapse plan|discharge advice|patient instructions|anticipatory guidance|between-session tasks|home exercise program|sun protection advice|patient actions)\b/,
    'safety-netting',
  ],
  [
    /\b(?:plan|management|recommendations?|treatment|interventions?|actions? taken|changes made|monitoring|referrals?|ed course|hospital course|course|care|advice|education)\b/,
    'plan',
  ],
];

export function topicKinds(topic: NoteTopic): SectionKind[] {
  let name = topic.name.toLowerCase().replace(/[’']/g, "'").trim();
  const kinds: SectionKind[] = [];
  for (const [re, kind] of ROUTES) {
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

const STOP = new Set(
  'a an the and or of to for in on with by as at from into any all each this that these those their its it be is are was were any only not never other such as when where what which who how than then if else also per e g eg via including include includes relevant brief briefly short one two state stated statement patient patients clinician consultation discussed given note notes section list use written plain words your you we our'.split(
    ' ',
  ),
);

export function topicKeywords(topic: NoteTopic): string[] {
  return [
    ...new Set(
      `${topic.name} ${topic.guidance}`
        .toLowerCase()
        .split(/[^a-z]+/)
        .filter((w) => w.length > 3 && !STOP.has(w)),
    ),
  ];
}

export function writeTopic(ctx: WriterContext, topic: NoteTopic): SectionBody | null {
  const kinds = topicKinds(topic);
  const bodies: SectionBody[] = [];
  for (const kind of kinds) {
    const body = writeKind(ctx, kind, topic);
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

function writeKind(ctx: WriterContext, kind: SectionKind, topic: NoteTopic): SectionBody | null {
  switch (kind) {
    case 'chief-complaint':
      return writeChiefComplaint(ctx);
    case 'history':
      return writeHistory(ctx);
    case 'subjective':
      return writeSubjective(ctx);
    case 'ros':
      return writeReviewOfSystems(ctx);
    case 'past-history':
      return writePastHistory(ctx);
    case 'surgical-history':
      return writeSurgicalHistory(ctx);
    case 'medications':
      return writeMedications(ctx);
    case 'allergies':
      return writeAllergies(ctx);
    case 'social':
      return writeSocialHistory(ctx);
    case 'family':
      return writeFamilyHistory(ctx);
    case 'vitals': {
      const lines = writeVitals(ctx);
      return lines.length > 0 ? { content: lines.join('\n') } : null;
    }
    case 'exam':
      return writeExamination(ctx);
    case 'objective':
      return writeObjective(ctx);
    case 'results':
      return writeResults(ctx);
    case 'assessment-plan':
      return writeAssessmentAndPlan(ctx);
    case 'assessment':
      return writeAssessment(ctx);
    case 'plan':
      return writePlan(ctx);
    case 'follow-up':
      return writeFollowUp(ctx);
    case 'safety-netting':
      return writeSafetyNetting(ctx);
    case 'keywords':
      return writeByKeywords(ctx, topicKeywords(topic));
  }
}
