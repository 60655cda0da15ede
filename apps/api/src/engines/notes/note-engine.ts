/**
 * The note-generation interface (issue 4, "Note-generation interface"): transcript + template with
 * topics (+ optional previous note and free-text instruction) in, one sectioned note out. Every
 * engine — the offline `builtin` one and the `llm` adapter — implements it, so the routes and
 * the CLI never know which one is running.
 */

import type { NoteEvidence, SafetyFinding, WordConfidence } from '@clerkly/contracts';
import type { LearnedStyle } from './style-learning';

export type TemplateKind = 'note' | 'letter' | 'certificate' | 'summary';

export interface NoteTopic {
  name: string;
  guidance: string;
  /** The clinician's choice for their own templates (issue 27); absent: the writers decide. */
  format?: 'prose' | 'bullets';
  /** Fixed wording the section always carries, as given (`./template-form.ts`). */
  verbatim?: string;
  /** How the clinician writes this section, identifiers removed: a style example. */
  example?: string;
}

export interface NoteTemplate {
  id?: number;
  name: string;
  kind: TemplateKind;
  topics: readonly NoteTopic[];
}

export interface NoteRequest {
  transcript: string;
  /**
   * Issue 24: the recogniser's words in order with their 0–1 confidence, where the transcript
   * was recognised (matched to the transcript's words by `confidenceTokens`). Engines mark or
   * leave out what rests on uncertain words; without it every word counts as certain.
   */
  wordConfidences?: readonly WordConfidence[];
  template: NoteTemplate;
  /** The note being regenerated (plain text or the editor's HTML). */
  previousNote?: string;
  /** The clinician's free-text regeneration instruction (spec point 4, "Regeneration"). */
  instruction?: string;
  /**
   * The clinician's style for this template (issue 27, item 3): what was learned from their edits
   * (the builtin engine prunes and formats by it) and up to three of their recent saved notes of
   * the template, identifiers removed (the llm engine's style examples, passed as data).
   */
  style?: NoteStyle;
  context?: {
    consultationDate?: Date;
    clinicianName?: string;
    patientName?: string;
  };
}

export interface NoteStyle {
  learned?: LearnedStyle;
  examples?: readonly string[];
}

export interface NoteSection {
  title: string;
  /** Paragraphs separated by a blank line. */
  content: string;
  bullets?: string[];
}

export interface GeneratedNote {
  sections: NoteSection[];
  /** What the Tiptap editor loads: `<h2>` per section, `<p>` paragraphs, `<ul><li>` bullets. */
  html: string;
  /** What "Copy" puts on the clipboard: UPPERCASE headers, a blank line between sections. */
  text: string;
  engine: string;
  /** Things the clinician should know, e.g. an instruction the engine could not follow. */
  notices?: string[];
  /** Each sentence with the transcript spans it comes from (./evidence.ts). */
  evidence?: NoteEvidence;
  /** Facts of the note the transcript does not bear out (numbers, sides, negations, ...). */
  safety?: SafetyFinding[];
}

export interface GenerateOptions {
  signal?: AbortSignal;
}

export interface NoteEngine {
  readonly name: string;
  /** One line for the boot log: which engine runs, and against what (never a secret). */
  describe(): string;
  generate(input: NoteRequest, options?: GenerateOptions): Promise<GeneratedNote>;
}

/**
 * The subset of a pino/Fastify logger the engines use. Engines log sizes, timings and error
 * kinds only, never transcript or note text (privacy: ARCHITECTURE "Data").
 */
export interface EngineLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
}

export const silentLogger: EngineLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export type NoteEngineErrorKind = 'bad-input' | 'engine-unavailable' | 'engine-failed' | 'timeout';

/**
 * The one error type engines throw. `message` is safe to show to the clinician and to log: it
 * never contains transcript or note text, only what went wrong and with which engine or host.
 */
export class NoteEngineError extends Error {
  override readonly name = 'NoteEngineError';

  constructor(
    readonly kind: NoteEngineErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Checks shared by every engine, so they all reject the same bad input the same way. */
export function assertValidRequest(input: NoteRequest): void {
  if (typeof input.transcript !== 'string' || input.transcript.trim().length === 0) {
    throw new NoteEngineError('bad-input', 'The transcript is empty.');
  }
  if (input.template.topics.length === 0) {
    throw new NoteEngineError('bad-input', `The template "${input.template.name}" has no topics.`);
  }
}
