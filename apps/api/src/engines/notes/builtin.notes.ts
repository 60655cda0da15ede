/**
 * The `builtin` note engine (issue 4): the embedded default. Deterministic, offline, no model
 * weights — rules over the transcript (./builtin/*) that write a clinical note in the template's
 * sections. Its quality is measured by `npm run bench:notes` on ACI-BENCH.
 */
import { writeCertificateTopic } from './builtin/certificate';
import { clinicianAdditions, keepClinicianAdditions } from './builtin/clinician-edits';
import { analyseConsultation, type Consultation } from './builtin/consultation';
import { wordCount } from './builtin/normalise';
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
import {
  applyLearnedStyle,
  learnedDetail,
  renameSections,
  topicsWithAddedSections,
  topicsWithLearnedFormat,
} from './builtin/apply-style';
import { keepSupported, supportedIn } from './builtin/grounding';
import { tidySection } from './builtin/tidy';
import { topicKinds, writeTopic } from './builtin/topics';
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
import { finishNote, parseNote } from './render';
import { confidenceTokens, prepareSafetyTranscript, prepareTranscript } from '@clerkly/contracts';
import { holdsPlanItems, planLabelsOfExample, withPlanLabels } from './builtin/plan-items';
import { NOT_DISCUSSED, applyTemplateForm, verbatimOnly } from './template-form';

export { NOT_DISCUSSED };

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
  /** A section's own detail (the clinician's learned "longer History"); else `detail`. */
  detailOf: (topic: NoteTopic) => Detail = () => detail,
): NoteSection[] {
  const ctx: WriterContext = {
    c: consultation,
    detail,
    used: new Set(),
    templateKinds: new Set(topics.flatMap(topicKinds)),
  };
  const certificate = input.template.kind === 'certificate';
  const cert = {
    consultationDate: input.context?.consultationDate ?? new Date(),
    clinicianName: input.context?.clinicianName ?? null,
  };
  const sections = topics.map((topic) =>
    toSection(
      topic.name,
      // A section of fixed wording alone is not written from the consultation.
      verbatimOnly(topic)
        ? null
        : certificate
          ? writeCertificateTopic(ctx, topic, cert)
          : writeTopic({ ...ctx, detail: detailFromExample(ctx, topic, detailOf(topic)) }, topic),
    ),
  );
  // Documents addressed to the patient are written in everyday words from the start.
  return PATIENT_FACING.test(input.template.name) ? sections.map(plainLanguage) : sections;
}

/** An example this much longer than the standard draft of its section asks for more detail. */
const EXAMPLE_LONGER = 1.2;

const bodyWords = (body: SectionBody | null) =>
  body ? wordCount(`${body.content} ${(body.bullets ?? []).join(' ')}`) : 0;

/**
 * A section of a template built "From an example note" is written at the length its example
 * shows (issue 27): at the engine's "more detail" level when the clinician's example is at least
 * a fifth longer than the standard draft of it — still only from the transcript, and grounded like
 * every sentence. The standard draft is written on a copy of what the note has used, so trying it
 * takes nothing from the sections after it. A brief note asked for stays brief.
 */
function detailFromExample(ctx: WriterContext, topic: NoteTopic, detail: Detail): Detail {
  if (detail !== 'standard' || !topic.example) return detail;
  const standard = writeTopic({ ...ctx, used: new Set(ctx.used), detail }, topic);
  return wordCount(topic.example) >= EXAMPLE_LONGER * bodyWords(standard) ? 'detailed' : detail;
}

/**
 * A plan section laid out as the template's example lays out its items (a template built "From
 * an example note" whose plan labels them: "• Medical Reasoning: …"): the same sentences,
 * grouped under the example's labels.
 */
function withExampleLayout(section: NoteSection, topics: readonly NoteTopic[]): NoteSection {
  const topic = topics.find((t) => t.name === section.title);
  if (!topic?.example || !holdsPlanItems(topicKinds(topic))) return section;
  return withPlanLabels(section, planLabelsOfExample(topic.example));
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
    const confidence = confidenceTokens(input.transcript, input.wordConfidences);
    const consultation = analyseConsultation(
      input.transcript,
      input.context?.patientName,
      confidence,
    );
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
    const presentSymptoms = new Set(
      consultation.symptoms.filter((s) => s.present).map((s) => s.canonical),
    );
    const grounding = {
      evidence: prepareTranscript(input.transcript),
      safety: prepareSafetyTranscript(input.transcript),
      confidence,
      presentSymptoms,
      deniedSymptoms: new Set(
        consultation.symptoms
          .filter((s) => !s.present && !presentSymptoms.has(s.canonical))
          .map((s) => s.canonical),
      ),
    };
    const certificate = input.template.kind === 'certificate';
    // Issue 27: the clinician's learned style shapes what is written afresh, after grounding
    // (it only leaves out or rewords what passed); a certificate's fields are not a style.
    const learned = certificate ? undefined : input.style?.learned;
    const topics = learned
      ? topicsWithAddedSections(input.template.topics, learned)
      : input.template.topics;
    const write = (detail: Detail) => {
      const grounded = writeSections(
        input,
        consultation,
        detail,
        topics,
        learned ? learnedDetail(learned, detail) : undefined,
      )
        .map((section) =>
          // A certificate's dates and names come from the session, not the transcript; its
          // writer marks what was not said "[not stated]" instead.
          certificate ? section : keepSupported(tidySection(section), grounding, this.prune),
        )
        .map((section) => withExampleLayout(section, topics));
      if (!learned) return applyTemplateForm(grounded, input.template.topics);
      const styled = applyLearnedStyle(
        grounded,
        learned,
        (title) => supportedIn(title, grounding, this.prune),
        input.transcript,
        consultation.pronouns.subject,
      );
      return renameSections(
        applyTemplateForm(styled, topicsWithLearnedFormat(topics, learned)),
        learned,
      );
    };
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
      input.wordConfidences,
    );
  }
}

export function createBuiltinNoteEngine(
  logger?: EngineLogger,
  options?: BuiltinOptions,
): NoteEngine {
  return new BuiltinNoteEngine(logger, options);
}
