/**
 * The section writers, in the order a template topic's name is matched against them (issue 21).
 * Topic names vary across the catalogue and across clinicians' own templates ("Chief Complaint",
 * "Presenting Complaint", "Reason for Visit" are one thing), so each writer says which names it
 * answers to; the first that matches wins, and a compound name ("Medications and Allergies")
 * gets each matching writer in turn (`../topics.ts`). A new kind of section is one writer file
 * beside this one plus one entry here.
 */
import type { NoteTopic } from '../../note-engine';
import { writeAllergies } from './allergies';
import { writeAssessment, writeAssessmentAndPlan, writePlan } from './assessment-and-plan';
import {
  writeFamilyHistory,
  writePastHistory,
  writeSocialHistory,
  writeSurgicalHistory,
} from './background';
import { topicKeywords, writeByKeywords } from './by-keywords';
import { writeChiefComplaint } from './chief-complaint';
import { writeExamination, writeVitals } from './examination';
import { writeFollowUp, writeSafetyNetting } from './follow-up';
import { writeHistory } from './history';
import { writeMedications } from './medications';
import { writeObjective } from './objective';
import { writeResults } from './results';
import { writeReviewOfSystems } from './review-of-systems';
import { writeSubjective } from './subjective';
import type { SectionBody, WriterContext } from './writer';

export interface SectionWriter {
  kind: string;
  /** Topic names this writer answers to (lower case; matched words are consumed). */
  names: RegExp;
  write: (ctx: WriterContext, topic: NoteTopic) => SectionBody | null;
}

export const SECTION_WRITERS = [
  {
    kind: 'keywords',
    names:
      /\b(?:risk|goals?|consent|adherence|adverse|interactions?|outcome|screening|immuni[sz]ations?|development\w*|milestones|feeding|sleep|dietary|nutrition|mechanism|training|load|function(?:al)?|cognition|mood|continence|mobility|falls|airway|anaesthetic|sedation|specimens?|technique|procedure|complications?|indication|team|capacity|occupation|duties|role|questionnaire|pregnancy|fetal|menstrual|obstetric|contraceptive|birth|neonatal|wound|dressing|dermoscopy|visual acuity|pressure|segment|otoscopy|audiometry|tympanometry|speech|hearing|toxicity|staging|response|exposures?|antimicrobial|microbiology|macroscopic|microscopic|ancillary|comparison|greeting|purpose|closing|recipient|urgency|introduction|identify|declaration|self-management|responsibilities|supports?|advance care)\b/,
    write: (ctx, topic) => writeByKeywords(ctx, topicKeywords(topic)),
  },
  {
    kind: 'history',
    names:
      /\b(?:history of (?:the )?present(?:ing)? (?:illness|complaint)|hpi|interval history|history of skin problem|injury details|symptoms since last visit|session content|presenting concerns|what we discussed|case history|overnight events|symptoms and progress|current status|cardiac symptoms|respiratory symptoms|gastrointestinal symptoms|urinary symptoms|joint symptoms|pain and symptom behaviou?r|reaction history|symptoms)\b/,
    write: writeHistory,
  },
  {
    kind: 'chief-complaint',
    names:
      /\b(?:chief complaint|presenting complaint|presenting problem|presenting issues?|reason for (?:the )?(?:visit|referral|consultation|contact|assessment|encounter|attendance)|^cc$)/,
    write: writeChiefComplaint,
  },
  {
    kind: 'subjective',
    names: /^(?:history|subjective|situation)$/,
    write: writeSubjective,
  },
  {
    kind: 'ros',
    names: /\breview of systems\b|\bros\b|\bsystems review\b|\bsystemic features\b/,
    write: writeReviewOfSystems,
  },
  {
    kind: 'surgical-history',
    names: /\bsurgical history\b/,
    write: writeSurgicalHistory,
  },
  {
    kind: 'past-history',
    names:
      /\b(?:past medical history|medical history|past history|background|relevant background|pertinent history|comorbidities|chronic conditions|health problems|medical problems|cardiac history|renal history|ocular and medical history|past psychiatric history|mental health history|treatment history|diagnos[ie]s and staging|cardiovascular risk factors|risk factors)\b/,
    write: writePastHistory,
  },
  {
    kind: 'medications',
    names: /\b(?:current medications|discharge medications|medications?|medicines?|prescribing)\b/,
    write: writeMedications,
  },
  {
    kind: 'allergies',
    names: /\ballerg\w*\b/,
    write: writeAllergies,
  },
  {
    kind: 'social',
    names: /\b(?:social|lifestyle|substance use)\b/,
    write: writeSocialHistory,
  },
  {
    kind: 'family',
    names: /\bfamily\b/,
    write: writeFamilyHistory,
  },
  {
    kind: 'vitals',
    names:
      /\b(?:vital signs|vitals|observations|maternal observations|measurements|anthropometry)\b/,
    write: (ctx) => {
      const lines = writeVitals(ctx);
      return lines.length > 0 ? { content: lines.join('\n') } : null;
    },
  },
  {
    kind: 'objective',
    names: /\bobjective(?: assessment)?\b/,
    write: writeObjective,
  },
  {
    kind: 'exam',
    names:
      /\b(?:physical examination|examination findings|examination|exam|physical|key findings|what we found|remote observations|findings)\b/,
    write: (ctx) => writeExamination(ctx, !ctx.templateKinds?.has('vitals')),
  },
  {
    kind: 'results',
    names:
      /\b(?:results?(?: explained| and response)?|investigations?|imaging|lab\w*|biochemistry|tests?|testing|ecg)\b/,
    write: writeResults,
  },
  {
    kind: 'assessment-plan',
    names:
      /\b(?:assessment and plan|impression and plan|problem list and plan|plan and jobs|issues)\b/,
    write: writeAssessmentAndPlan,
  },
  {
    kind: 'assessment',
    names:
      /\b(?:assessment|impression|diagnos[ie]s|formulation|clinical impression|nursing assessment|interpretation)\b/,
    write: writeAssessment,
  },
  {
    kind: 'follow-up',
    names:
      /\b(?:follow-?up(?: arrangements)?|review date|review|recall|disposition|next steps|plan for next session)\b/,
    write: writeFollowUp,
  },
  {
    kind: 'safety-netting',
    names:
      /\b(?:safety-?netting(?: advice)?|when to seek help|crisis and relapse plan|discharge advice|patient instructions|anticipatory guidance|between-session tasks|home exercise program|sun protection advice|patient actions)\b/,
    write: writeSafetyNetting,
  },
  {
    kind: 'plan',
    names:
      /\b(?:plan|management|recommendations?|treatment|interventions?|actions? taken|changes made|monitoring|referrals?|ed course|hospital course|course|care|advice|education)\b/,
    write: writePlan,
  },
] as const satisfies readonly SectionWriter[];

export type SectionKind = (typeof SECTION_WRITERS)[number]['kind'];
