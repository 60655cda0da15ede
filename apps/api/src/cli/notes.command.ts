/**
 * `npm run -s cli -- notes --template "<name or id>" <transcript file | ->` (issue 4, "CLI"):
 * a clinical note from a transcript, for clinicians' batch use, evaluation and support.
 * Standard output carries only the note; everything else goes to standard error. Exit codes:
 * 0 note written, 2 bad input or usage, 1 the engine failed (unreachable, timed out, ...).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { NOTE_ENGINE_KINDS } from '@clerkly/contracts';
import { buildEngineConfig } from '../config/config';
import { ConfigError, parseEnv } from '../config/env';
import { TEMPLATE_CATALOGUE, type CatalogueTemplate } from '../db/seed/template-catalogue';
import {
  NoteEngineError,
  type EngineLogger,
  type NoteTemplate,
} from '../engines/notes/note-engine';
import { createNoteEngine } from '../engines/notes/notes.registry';

export interface CliIo {
  stdout: { write(chunk: string): unknown };
  stderr: { write(chunk: string): unknown };
  stdin?: AsyncIterable<string | Buffer>;
}

const NOTES_USAGE = `Usage: npm run -s cli -- notes --template "<name or id>" <transcript file | ->

Writes a clinical note from a consultation transcript, one section per template topic.
The transcript may be tagged ([doctor] / [patient], Doctor: / Patient:, Speaker 0:) or not.

Options:
  -t, --template <name|id>   template from the catalogue, by exact name (any case) or id
  --html                     print the note as HTML (what the editor loads)
  --json                     print the sections as JSON
  --engine <builtin|llm>     override NOTES_ENGINE (llm needs LLM_URL, LLM_MODEL, LLM_API_KEY)
  --instruction <text>       regeneration instruction, e.g. "shorter, bullet points"
  --previous <file>          the previous version of the note, for --instruction
  --patient <name>           patient name (certificates)
  --clinician <name>         clinician name (certificates)
  --date <YYYY-MM-DD>        consultation date (certificates; default today)
  -v, --verbose              log progress to standard error
  -h, --help                 show this help

Exit status: 0 note written; 2 bad input or usage; 1 the note engine failed.
`;

class UsageError extends Error {}

function normaliseName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[‐-―]/g, '-')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Edit distance, for suggesting template names close to a mistyped one. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j] ?? 0;
      row[j] = Math.min(
        (row[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
        previous + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

export function closeTemplateNames(query: string, limit = 3): string[] {
  const q = normaliseName(query);
  const words = q.split(' ').filter((w) => w.length > 2);
  return TEMPLATE_CATALOGUE.map((t) => {
    const name = normaliseName(t.name);
    const shared = words.filter((w) => name.includes(w)).length;
    return { name: t.name, score: distance(q, name) - 4 * shared - (name.includes(q) ? 6 : 0) };
  })
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map((t) => t.name);
}

function resolveTemplate(query: string): { id: number; template: CatalogueTemplate } {
  const trimmed = query.trim();
  if (/^\d+$/.test(trimmed)) {
    const id = Number(trimmed);
    const template = TEMPLATE_CATALOGUE[id - 1];
    if (!template) {
      throw new UsageError(
        `no template with id ${id} (ids run from 1 to ${TEMPLATE_CATALOGUE.length})`,
      );
    }
    return { id, template };
  }
  const wanted = normaliseName(trimmed);
  const index = TEMPLATE_CATALOGUE.findIndex((t) => normaliseName(t.name) === wanted);
  const template = TEMPLATE_CATALOGUE[index];
  if (index < 0 || !template) {
    const close = closeTemplateNames(trimmed)
      .map((n) => `"${n}"`)
      .join(', ');
    throw new UsageError(`unknown template "${trimmed}"; close names: ${close}`);
  }
  return { id: index + 1, template };
}

async function readAll(stream: AsyncIterable<string | Buffer>): Promise<string> {
  const chunks: string[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
  }
  return chunks.join('');
}

async function readTranscript(source: string, io: CliIo): Promise<string> {
  if (source === '-') {
    if (!io.stdin) throw new UsageError('no standard input to read the transcript from');
    return readAll(io.stdin);
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : 'it could not be read';
    throw new UsageError(`cannot read transcript file "${source}": ${reason}`);
  }
}

function parseDate(value: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
  if (!date || Number.isNaN(date.getTime()) || date.getDate() !== Number(m?.[3])) {
    throw new UsageError(`--date must be a date as YYYY-MM-DD, not "${value}"`);
  }
  return date;
}

/** Logs as one JSON object per line on standard error (never transcript or note text). */
function stderrLogger(io: CliIo, verbose: boolean): EngineLogger {
  const write = (level: string) => (obj: Record<string, unknown>, msg?: string) => {
    io.stderr.write(`${JSON.stringify({ level, msg, ...obj })}\n`);
  };
  const quiet = () => undefined;
  return {
    debug: verbose ? write('debug') : quiet,
    info: verbose ? write('info') : quiet,
    warn: write('warn'),
    error: verbose ? write('error') : quiet,
  };
}

export async function runNotes(
  args: string[],
  io: CliIo,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const fail = (message: string, code: number) => {
    io.stderr.write(`clerkly notes: ${message}\n`);
    return code;
  };
  try {
    const { values, positionals } = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        template: { type: 'string', short: 't' },
        html: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        engine: { type: 'string' },
        instruction: { type: 'string' },
        previous: { type: 'string' },
        patient: { type: 'string' },
        clinician: { type: 'string' },
        date: { type: 'string' },
        verbose: { type: 'boolean', short: 'v', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      io.stdout.write(NOTES_USAGE);
      return 0;
    }
    if (!values.template) throw new UsageError('missing --template "<name or id>"');
    if (positionals.length === 0) {
      throw new UsageError('missing the transcript file (use - to read standard input)');
    }
    if (positionals.length > 1) {
      throw new UsageError(`one transcript at a time, got ${positionals.length} files`);
    }
    if (values.html && values.json) throw new UsageError('choose one of --html and --json');
    const engineName = values.engine;
    if (engineName !== undefined && !NOTE_ENGINE_KINDS.some((kind) => kind === engineName)) {
      const kinds = NOTE_ENGINE_KINDS.map((kind) => `"${kind}"`).join(' or ');
      throw new UsageError(`--engine must be ${kinds}, not "${engineName}"`);
    }
    const { id, template } = resolveTemplate(values.template);
    const consultationDate = values.date ? parseDate(values.date) : undefined;
    const transcript = await readTranscript(positionals[0] ?? '-', io);
    if (transcript.trim().length === 0) throw new UsageError('the transcript is empty');
    const previousNote = values.previous
      ? await readTranscript(values.previous, io).catch(() => {
          throw new UsageError(`cannot read the previous note "${values.previous ?? ''}"`);
        })
      : undefined;

    let config;
    try {
      config = buildEngineConfig(
        parseEnv(values.engine ? { ...env, NOTES_ENGINE: values.engine } : env),
      );
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.problems.join('; '));
      throw error;
    }
    const logger = stderrLogger(io, values.verbose);
    const engine = await createNoteEngine(config, logger);
    logger.info({ engine: engine.describe(), template: template.name }, 'writing note');

    const noteTemplate: NoteTemplate = {
      id,
      name: template.name,
      kind: template.kind,
      topics: template.topics,
    };
    const context: NonNullable<Parameters<typeof engine.generate>[0]['context']> = {};
    if (consultationDate) context.consultationDate = consultationDate;
    if (values.patient) context.patientName = values.patient;
    if (values.clinician) context.clinicianName = values.clinician;
    const note = await engine.generate({
      transcript,
      template: noteTemplate,
      ...(previousNote !== undefined ? { previousNote } : {}),
      ...(values.instruction !== undefined ? { instruction: values.instruction } : {}),
      context,
    });
    for (const notice of note.notices ?? []) io.stderr.write(`notice: ${notice}\n`);
    if (values.json) {
      const body = {
        template: { id, name: template.name },
        engine: note.engine,
        sections: note.sections,
        notices: note.notices ?? [],
      };
      io.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    } else if (values.html) {
      io.stdout.write(`${note.html}\n`);
    } else {
      io.stdout.write(`${note.text}\n`);
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message, 2);
    if (error instanceof NoteEngineError) {
      return fail(error.message, error.kind === 'bad-input' ? 2 : 1);
    }
    if (
      error instanceof Error &&
      'code' in error &&
      String(error.code).startsWith('ERR_PARSE_ARGS')
    ) {
      return fail(`${error.message} (see --help)`, 2);
    }
    return fail(error instanceof Error ? error.message : String(error), 1);
  }
}
