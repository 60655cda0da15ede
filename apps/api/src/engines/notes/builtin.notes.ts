/**
 * The `builtin` note engine (issue 4): the embedded default. Deterministic, offline, no model
 * weights — rules over the transcript (./builtin/*) that write a clinical note in the template's
 * sections. Its quality is measured by `npm run bench:notes` on ACI-BENCH.
 */
import { writeCertificateTopic } from './builtin/certificate';
import { clinicianAdditions, keepClinicianAdditions } from './builtin/clinician-edits';
import { analyseConsultation, type Consultation } from './builtin/consultation';
import {
  hasOperations,
  mentions,
  omitMention,
  parseInstruction,
  plainLanguage,
  sectionMatches,
  shorten,
  titleCase,
  toBullets,
  toParagraphs,
  unsupportedNotice,
  type InstructionPlan,
} from './builtin/instructions';
import type { Detail, SectionBody, WriterContext } from './builtin/writers/writer';
import { readsAsQuestionOrAnswer, worthKeeping } from './builtin/prune';
import { writeTopic } from './builtin/topics';
import {
  NoteEngineError,
  assertValidRequest,
  silentLogger,
  type EngineLogger,
  type GenerateOptions,
  type GeneratedNote,
  type NoteEngine,
  type NoteRequest,
  type NoteSection,
  type NoteTopic,
} from './note-engine';
import { annotateNote, builtinSynonyms } from './evidence';
import { finishNote, paragraphsOf, parseNote } from './render';
import {
  alignSentence,
  checkSentenceSafety,
  isPlaceholderSentence,
  prepareSafetyTranscript,
  prepareTranscript,
  repairMidPhrase,
  splitNoteSentences,
  type PreparedTranscript,
  type SafetyTranscript,
} from '@clerkly/contracts';

export const NOT_DISCUSSED = 'Not discussed.';

function toSection(title: string, body: SectionBody | null): NoteSection {
  const bullets = body?.bullets?.filter((b) => b.trim().length > 0) ?? [];
  const content = body?.content.trim() ?? '';
  const section: NoteSection = {
    title,
    content: content.length > 0 || bullets.length > 0 ? content : NOT_DISCUSSED,
  };
  if (bullets.length > 0) section.bullets = bullets;
  return section;
}

function writeSections(
  input: NoteRequest,
  consultation: Consultation,
  detail: Detail,
  topics: readonly NoteTopic[] = input.template.topics,
): NoteSection[] {
  const ctx: WriterContext = { c: consultation, detail, used: new Set() };
  const certificate = input.template.kind === 'certificate';
  const cert = {
    consultationDate: input.context?.consultationDate ?? new Date(),
    clinicianName: input.context?.clinicianName ?? null,
  };
  const sections = topics.map((topic) =>
    toSection(
      topic.name,
      certificate ? writeCertificateTopic(ctx, topic, cert) : writeTopic(ctx, topic),
    ),
  );
  // Documents addressed to the patient are written in everyday words from the start.
  return PATIENT_FACING.test(input.template.name) ? sections.map(plainLanguage) : sections;
}

/**
 * What the clinician said to the patient, left at the head of a sentence ("I know that she ...",
 * "It sounds like she ...", "So, ..."): the fact stays, the talk goes (issue 12).
 */
const SPOKEN_LEAD =
  /^(?:(?:so|okay|ok|alright|all right|now|well|and|but|um|uh|hi|hello|hey)\s*,?\s+)*(?:(?:i know|i see|i understand|i heard|i remember|i noticed|it sounds like|it looks like|looks like|sounds like)(?: that)?,?\s+)(?=(?:she|he|they|the patient|her|his|their|it|this|there)\b)/i;

export function tidySentence(text: string): string {
  const stripped = text.replace(SPOKEN_LEAD, '');
  if (stripped === text) return text;
  return stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/** Tidied, and cut back to a complete clause when it stops mid-phrase (null: nothing left). */
function finishSentence(text: string): string | null {
  return repairMidPhrase(tidySentence(text));
}

function tidySection(section: NoteSection): NoteSection {
  const content = paragraphsOf(section.content)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) =>
          splitNoteSentences(line)
            .map(finishSentence)
            .filter((sentence): sentence is string => sentence !== null)
            .join(' '),
        )
        .join('\n'),
    )
    .join('\n\n');
  const tidied: NoteSection = { ...section, content: content || section.content };
  if (section.bullets) {
    tidied.bullets = section.bullets
      .map((bullet) =>
        splitNoteSentences(bullet)
          .map(finishSentence)
          .filter((sentence): sentence is string => sentence !== null)
          .join(' '),
      )
      .filter((bullet) => bullet.length > 0);
  }
  return tidied;
}

/** "Musculoskeletal: " at the head of an examination or review-of-systems bullet. */
const BULLET_LABEL = /^([A-Z][A-Za-z /&-]{1,40}:\s+)(.*)$/s;

/**
 * A bullet's sentences pruned one by one (`worthKeeping`); its label stays with what is left,
 * and a bullet with nothing left goes.
 */
function pruneBullet(bullet: string): string {
  const m = BULLET_LABEL.exec(bullet);
  const label = m?.[1] ?? '';
  const kept = splitNoteSentences(m?.[2] ?? bullet).filter(worthKeeping);
  return kept.length > 0 ? `${label}${kept.join(' ')}` : '';
}

/**
 * A bullet keeps its label and the sentences that pass; an examination bullet with one unsupported
 * sentence ("No tenderness to palpation of the lower.") loses that sentence, not its findings.
 */
function keepSupportedInBullet(bullet: string, supported: (text: string) => boolean): string {
  if (bullet.length === 0) return bullet;
  const m = BULLET_LABEL.exec(bullet);
  const label = m?.[1] ?? '';
  const sentences = splitNoteSentences(m?.[2] ?? bullet);
  const kept = sentences.filter(supported);
  if (kept.length === sentences.length) return bullet;
  return kept.length > 0 ? `${label}${kept.join(' ')}` : '';
}

interface Grounding {
  evidence: PreparedTranscript;
  safety: SafetyTranscript;
}

/**
 * "No sentence that nothing in the consultation supports" (issue 12): a sentence the transcript
 * does not bear out (see `alignSentence`), or whose numbers, sides, negations or allergies the
 * safety check cannot find as written, is left out of a note the engine writes afresh. A rule
 * that misreads speech then costs a sentence, never a wrong fact.
 */
function keepSupported(section: NoteSection, grounding: Grounding, prune: boolean): NoteSection {
  const supported = (text: string) =>
    isPlaceholderSentence(text) ||
    ((!prune || worthKeeping(text)) &&
      !readsAsQuestionOrAnswer(text) &&
      alignSentence({ section: section.title, text }, grounding.evidence, builtinSynonyms())
        .supported &&
      checkSentenceSafety(text, grounding.safety).length === 0);
  const content = paragraphsOf(section.content)
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => splitNoteSentences(line).filter(supported).join(' '))
        .filter((line) => line.length > 0)
        .join('\n'),
    )
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
  const bullets = section.bullets
    ?.map((b) => keepSupportedInBullet(prune ? pruneBullet(b) : b, supported))
    .filter((b) => b.length > 0);
  const kept: NoteSection = { title: section.title, content };
  if (bullets && bullets.length > 0) kept.bullets = bullets;
  return kept;
}

const PATIENT_FACING = /\bpatient[- ]friendly\b|\bto patient\b|\bfor (?:the )?patient\b/i;

function applyPlan(
  base: NoteSection[],
  plan: InstructionPlan,
  input: NoteRequest,
  consultation: Consultation,
  notices: string[],
): NoteSection[] {
  let sections = base;
  for (const target of plan.removeSections) {
    const kept = sections.filter((s) => !sectionMatches(s.title, target));
    if (kept.length < sections.length) {
      sections = kept;
    } else if (sections.some((s) => mentions(s, target))) {
      sections = sections.map((s) => omitMention(s, target));
    } else {
      notices.push(`There is no section or mention of "${target}" to leave out.`);
    }
  }
  for (const target of plan.omitMentions) {
    sections = sections.map((s) => omitMention(s, target));
  }
  for (const target of plan.addSections) {
    if (sections.some((s) => sectionMatches(s.title, target))) continue;
    const title = titleCase(target);
    const [added] = writeSections(input, consultation, plan.detail ?? 'standard', [
      { name: title, guidance: '' },
    ]);
    if (added) sections = [...sections, added];
  }
  if (plan.detail === 'brief') sections = sections.map(shorten);
  if (plan.format === 'bullets') sections = sections.map(toBullets);
  if (plan.format === 'paragraphs') sections = sections.map(toParagraphs);
  if (plan.plainLanguage) sections = sections.map(plainLanguage);
  // An emptied section says so rather than disappearing silently.
  return sections.map((s) =>
    s.content.trim().length === 0 && (s.bullets?.length ?? 0) === 0
      ? { title: s.title, content: NOT_DISCUSSED }
      : s,
  );
}

export interface BuiltinOptions {
  /**
   * Leave out sentences that read as talk rather than note (`builtin/prune.ts`). On by default;
   * off only to learn the word weights that pruning uses, from unpruned notes.
   */
  prune?: boolean;
}

export class BuiltinNoteEngine implements NoteEngine {
  readonly name = 'builtin';

  private readonly prune: boolean;

  constructor(
    private readonly logger: EngineLogger = silentLogger,
    options: BuiltinOptions = {},
  ) {
    this.prune = options.prune ?? true;
  }

  describe(): string {
    return 'builtin (offline, deterministic, no model weights)';
  }

  async generate(input: NoteRequest, options: GenerateOptions = {}): Promise<GeneratedNote> {
    assertValidRequest(input);
    if (options.signal?.aborted) {
      throw new NoteEngineError('timeout', 'Note generation was cancelled.');
    }
    const started = performance.now();
    const consultation = analyseConsultation(input.transcript, input.context?.patientName);
    if (consultation.utterances.length === 0) {
      throw new NoteEngineError(
        'bad-input',
        'The transcript contains no words to write a note from.',
      );
    }
    const plan = parseInstruction(input.instruction);
    const notices = plan.unsupported.map(unsupportedNotice);

    // Formatting instructions apply to the note the clinician has (with their edits); asking
    // for more detail needs the transcript, so that note is written afresh.
    const previous = input.previousNote?.trim() ? parseNote(input.previousNote) : [];
    const onPrevious =
      previous.length > 0 &&
      (hasOperations(plan) || plan.unsupported.length > 0) &&
      plan.detail !== 'detailed';
    if (previous.length > 0 && plan.detail === 'detailed') {
      notices.push(
        'More detail was written from the transcript: the lines you added are kept, other edits made to the previous version are not carried over.',
      );
    }
    const grounding = {
      evidence: prepareTranscript(input.transcript),
      safety: prepareSafetyTranscript(input.transcript),
    };
    const write = (detail: Detail) =>
      writeSections(input, consultation, detail).map((section) =>
        // A certificate's dates and names come from the session, not the transcript; its
        // writer marks what was not said "[not stated]" instead.
        input.template.kind === 'certificate'
          ? section
          : keepSupported(tidySection(section), grounding, this.prune),
      );
    const base = onPrevious ? previous : write(plan.detail ?? 'standard');
    let sections = applyPlan(base, plan, input, consultation, notices);
    // Shortening drops sentences and more detail starts afresh: what the clinician typed by
    // hand (what the engine's own note lacks) goes back in (issue 14).
    if (previous.length > 0 && plan.detail !== null) {
      const additions = clinicianAdditions(previous, write('standard'));
      sections = keepClinicianAdditions(sections, additions, plan.omitMentions, NOT_DISCUSSED);
    }

    this.logger.debug(
      {
        engine: this.name,
        template: input.template.name,
        transcriptChars: input.transcript.length,
        sections: sections.length,
        notices: notices.length,
        ms: Math.round(performance.now() - started),
      },
      'note generated',
    );
    return annotateNote(
      finishNote(sections, this.name, notices),
      input.transcript,
      builtinSynonyms(),
    );
  }
}

export function createBuiltinNoteEngine(
  logger?: EngineLogger,
  options?: BuiltinOptions,
): NoteEngine {
  return new BuiltinNoteEngine(logger, options);
}
