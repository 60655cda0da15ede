/**
 * The `llm` note engine (issue 4): any OpenAI-compatible chat-completions endpoint — OpenAI,
 * Azure OpenAI, Ollama, vLLM, llama.cpp server — through the official SDK with `baseURL`.
 *
 * - Per-template prompt from the topics and their guidance (./llm-prompt.ts); the transcript is
 *   data inside delimiters, never instructions.
 * - Structured output: a JSON object of sections, validated with zod; one repair request if it is
 *   not, then a fallback to reading markdown headings.
 * - Long consultations: over CONTEXT_BUDGET_TOKENS the transcript is summarised part by part
 *   (map) and the note written from the summaries (reduce), so any model context fits.
 * - At most 3 attempts (SDK retries on 429/5xx and dropped connections), the configured timeout,
 *   and errors that say what happened without echoing any transcript or note text.
 */
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from 'openai';
import { z } from 'zod';
import { sectionMatches } from './builtin/instructions';
import {
  REPAIR_MESSAGE,
  buildChunkMessages,
  buildNoteMessages,
  type ChatMessage,
} from './llm-prompt';
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
} from './note-engine';
import { annotateNote } from './evidence';
import { finishNote, parseNoteText } from './render';
import { NOT_DISCUSSED, applyTemplateForm } from './template-form';

/** A budget that fits the prompt, the transcript and the answer in an 32k-token model. */
export const CONTEXT_BUDGET_TOKENS = 24_000;
/** Part size for the map step of long consultations. */
const CHUNK_TOKENS = 8_000;
const CHARS_PER_TOKEN = 4;

/** Rough token count (~4 characters per token in English): enough to decide on chunking. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

export interface LlmNotesConfig {
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
}

const sectionsSchema = z.object({
  sections: z
    .array(
      z.object({
        title: z.string().trim().min(1),
        content: z.union([z.string(), z.array(z.string())]).default(''),
        bullets: z.array(z.string()).optional(),
      }),
    )
    .min(1),
});

function stripFences(content: string): string {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content);
  return (fenced?.[1] ?? content).trim();
}

/** Content as the model wrote it → paragraphs and "- " bullet lines separated. */
function toSection(title: string, content: string | string[], bullets?: string[]): NoteSection {
  const text = Array.isArray(content) ? content.map((c) => `- ${c}`).join('\n') : content;
  const [parsed] = parseNoteText(`## ${title}\n${text}`);
  const section: NoteSection = { title, content: parsed?.content ?? '' };
  const allBullets = [...(parsed?.bullets ?? []), ...(bullets ?? [])];
  if (allBullets.length > 0) section.bullets = allBullets;
  return section;
}

function parseJsonSections(content: string): NoteSection[] | null {
  let data: unknown;
  try {
    data = JSON.parse(stripFences(content));
  } catch {
    return null;
  }
  const result = sectionsSchema.safeParse(data);
  if (!result.success) return null;
  return result.data.sections.map((s) => toSection(s.title, s.content, s.bullets));
}

/** Last resort: a model that wrote markdown ("## Chief Complaint ...") instead of JSON. */
function parseMarkdownSections(content: string): NoteSection[] | null {
  const sections = parseNoteText(stripFences(content)).filter((s) => s.title !== 'Note');
  return sections.length > 0 ? sections : null;
}

/** The template's sections, in its order, filled from what the model returned. */
function alignToTemplate(request: NoteRequest, returned: NoteSection[]): NoteSection[] {
  const remaining = [...returned];
  const take = (predicate: (s: NoteSection) => boolean): NoteSection | undefined => {
    const index = remaining.findIndex(predicate);
    return index >= 0 ? remaining.splice(index, 1)[0] : undefined;
  };
  const aligned = request.template.topics.map((topic) => {
    const found =
      take((s) => s.title.trim().toLowerCase() === topic.name.toLowerCase()) ??
      take((s) => sectionMatches(s.title, topic.name));
    if (!found) return { title: topic.name, content: NOT_DISCUSSED };
    const empty = found.content.trim().length === 0 && (found.bullets?.length ?? 0) === 0;
    return { ...found, title: topic.name, content: empty ? NOT_DISCUSSED : found.content };
  });
  // Sections the clinician asked to add ("add a section on ...") come after the template's.
  return [...aligned, ...(request.instruction ? remaining : [])];
}

export function splitIntoParts(transcript: string, partTokens = CHUNK_TOKENS): string[] {
  const limit = partTokens * CHARS_PER_TOKEN;
  const parts: string[] = [];
  let current = '';
  for (const line of transcript.split('\n')) {
    if (line.length > limit) {
      if (current) parts.push(current);
      current = '';
      for (let i = 0; i < line.length; i += limit) parts.push(line.slice(i, i + limit));
      continue;
    }
    if (current.length + line.length + 1 > limit && current) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) parts.push(current);
  return parts;
}

export class LlmNoteEngine implements NoteEngine {
  readonly name = 'llm';
  private readonly client: OpenAI;
  private readonly host: string;

  constructor(
    private readonly config: LlmNotesConfig,
    private readonly logger: EngineLogger = silentLogger,
  ) {
    if (!config.baseUrl) {
      throw new NoteEngineError(
        'engine-unavailable',
        'The language-model note engine has no endpoint: set LLM_URL.',
      );
    }
    this.host = hostOf(config.baseUrl);
    this.client = new OpenAI({
      baseURL: config.baseUrl,
      // Local servers (Ollama, llama.cpp) need no key, but the SDK insists on one.
      apiKey: config.apiKey ?? 'not-needed',
      maxRetries: 2,
      timeout: config.timeoutMs,
      logLevel: 'off',
    });
  }

  describe(): string {
    return `llm (model ${this.config.model} at ${this.host})`;
  }

  async generate(input: NoteRequest, options: GenerateOptions = {}): Promise<GeneratedNote> {
    assertValidRequest(input);
    const started = performance.now();
    const notices: string[] = [];
    let data: { kind: 'transcript' | 'summary'; text: string } = {
      kind: 'transcript',
      text: input.transcript.trim(),
    };
    const tokens = estimateTokens(input.transcript);
    if (tokens > CONTEXT_BUDGET_TOKENS) {
      const parts = splitIntoParts(input.transcript);
      data = { kind: 'summary', text: await this.summarise(parts, options) };
      notices.push(
        `The consultation was long, so it was summarised in ${parts.length} parts before the note was written.`,
      );
    }
    const messages = buildNoteMessages(input, data);
    const first = await this.complete(messages, true, options);
    let sections = parseJsonSections(first);
    if (!sections) {
      this.logger.warn(
        { engine: this.name, host: this.host },
        'note was not valid JSON; asking once more',
      );
      const repaired = await this.complete(
        [
          ...messages,
          { role: 'assistant', content: first },
          { role: 'user', content: REPAIR_MESSAGE },
        ],
        true,
        options,
      );
      sections =
        parseJsonSections(repaired) ??
        parseMarkdownSections(repaired) ??
        parseMarkdownSections(first);
    }
    if (!sections) {
      throw new NoteEngineError(
        'engine-failed',
        'The language model did not return a note in the expected format.',
      );
    }
    const aligned = alignToTemplate(input, sections);
    this.logger.info(
      {
        engine: this.name,
        host: this.host,
        model: this.config.model,
        template: input.template.name,
        transcriptTokens: tokens,
        mapReduce: data.kind === 'summary',
        ms: Math.round(performance.now() - started),
      },
      'note generated',
    );
    // An LLM may write what was not said: evidence marks such sentences for review.
    return annotateNote(
      finishNote(applyTemplateForm(aligned, input.template.topics), this.name, notices),
      input.transcript,
      undefined,
      input.wordConfidences,
    );
  }

  /** Map step: each part of a long transcript → clinically relevant bullet points. */
  private async summarise(parts: string[], options: GenerateOptions): Promise<string> {
    const summaries: string[] = [];
    for (const [i, part] of parts.entries()) {
      const summary = await this.complete(
        buildChunkMessages(part, i, parts.length),
        false,
        options,
      );
      summaries.push(`Part ${i + 1} of ${parts.length}:\n${summary.trim()}`);
    }
    return summaries.join('\n\n');
  }

  private async complete(
    messages: ChatMessage[],
    json: boolean,
    options: GenerateOptions,
  ): Promise<string> {
    const request = {
      model: this.config.model,
      messages,
      temperature: 0.2,
    };
    try {
      const response = await this.client.chat.completions
        .create(
          json ? { ...request, response_format: { type: 'json_object' as const } } : request,
          { signal: options.signal },
        )
        .catch(async (error: unknown) => {
          // Some OpenAI-compatible servers reject `response_format`; ask once more without it.
          if (
            json &&
            error instanceof BadRequestError &&
            /response_format|json/i.test(error.message)
          ) {
            return this.client.chat.completions.create(request, { signal: options.signal });
          }
          throw error;
        });
      const content = response.choices[0]?.message?.content ?? '';
      if (content.trim().length === 0) {
        throw new NoteEngineError('engine-failed', 'The language model returned an empty answer.');
      }
      return content;
    } catch (error) {
      const mapped = this.mapError(error);
      this.logger.error(
        { engine: this.name, host: this.host, kind: mapped.kind, status: statusOf(error) },
        'language model request failed',
      );
      throw mapped;
    }
  }

  /** SDK errors → user-safe messages. Server error bodies are never passed on: they can echo the prompt. */
  private mapError(error: unknown): NoteEngineError {
    if (error instanceof NoteEngineError) return error;
    const host = this.host;
    if (error instanceof APIUserAbortError) {
      return new NoteEngineError('timeout', 'Note generation was cancelled.', { cause: error });
    }
    if (error instanceof APIConnectionTimeoutError) {
      return new NoteEngineError(
        'timeout',
        `The language model at ${host} did not answer within ${Math.round(this.config.timeoutMs / 1000)} s.`,
        { cause: error },
      );
    }
    if (error instanceof APIConnectionError) {
      return new NoteEngineError(
        'engine-unavailable',
        `The language model at ${host} could not be reached. Is it running, and is LLM_URL right?`,
        { cause: error },
      );
    }
    if (error instanceof AuthenticationError) {
      return new NoteEngineError('engine-failed', 'The language model rejected the API key.', {
        cause: error,
      });
    }
    if (error instanceof PermissionDeniedError) {
      return new NoteEngineError(
        'engine-failed',
        'The language model refused the request (403): check the API key’s permissions.',
        { cause: error },
      );
    }
    if (error instanceof NotFoundError) {
      return new NoteEngineError(
        'engine-failed',
        `The language model at ${host} does not offer model "${this.config.model}" (404): check LLM_MODEL and LLM_URL.`,
        { cause: error },
      );
    }
    if (error instanceof RateLimitError) {
      return new NoteEngineError(
        'engine-unavailable',
        `The language model at ${host} is rate-limiting requests (429); try again shortly.`,
        { cause: error },
      );
    }
    if (error instanceof APIError && typeof error.status === 'number' && error.status >= 500) {
      return new NoteEngineError(
        'engine-unavailable',
        `The language model at ${host} failed (HTTP ${error.status}) after 3 attempts.`,
        { cause: error },
      );
    }
    if (error instanceof APIError) {
      return new NoteEngineError(
        'engine-failed',
        `The language model at ${host} rejected the request (HTTP ${String(error.status)}).`,
        { cause: error },
      );
    }
    return new NoteEngineError('engine-failed', 'The language model request failed.', {
      cause: error,
    });
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

function statusOf(error: unknown): number | undefined {
  return error instanceof APIError && typeof error.status === 'number' ? error.status : undefined;
}
