import { ERROR_CODES, type ApiError } from '@clerkly/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AudioError } from '../engines/audio/decode-audio';
import { NoteEngineError } from '../engines/notes/note-engine';
import { SpeechToTextError } from '../engines/stt/speech-to-text';
import { HttpError } from '../lib/http-error';

const CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.badRequest,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.tooManyRequests,
};

/**
 * What the log may say about an unexpected error (issue 11): its type, a database error's SQL
 * text (placeholders only) and PostgreSQL code, and the stack, never the query's parameters or
 * the driver's detail line, which carry e-mail addresses, names and patient text.
 */
export function logSafeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const cause = error.cause as { code?: unknown } | undefined;
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string') {
    return {
      type: error.name,
      query,
      // The driver's message can quote a value ("invalid input syntax ...: \"<value>\""): the
      // code says enough.
      code: cause?.code,
      // Only the frames: the stack starts with the message, which spans several lines (Drizzle's
      // ends with "params: …", the values themselves).
      stack: error.stack
        ?.split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
    };
  }
  return { type: error.name, message: error.message, stack: error.stack };
}

/**
 * Malformed multipart bodies surface as plain errors from the multipart parser (busboy), without
 * a status: they are the client's fault (issue 11).
 */
const MALFORMED_MULTIPART =
  /^(Unexpected end of (multipart data|form|file)|Malformed part header|Multipart: Boundary not found|Part terminated early)/;

const isMalformedMultipart = (error: { message?: unknown }) =>
  typeof error.message === 'string' && MALFORMED_MULTIPART.test(error.message);

/**
 * Errors Fastify raises before any route runs (a URL that does not decode, a bad content type):
 * the same error shape as everything else. Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const body: ApiError = {
    error: { code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, message: error.message },
  };
  void reply.code(status).send(body);
}

const AUDIO_STATUS: Record<AudioError['kind'], number> = {
  'bad-audio': 400,
  'too-large': 413,
  'decoder-unavailable': 503,
  timeout: 504,
};
const NOTES_STATUS: Record<NoteEngineError['kind'], number> = {
  'bad-input': 400,
  'engine-unavailable': 503,
  'engine-failed': 502,
  timeout: 504,
};

/**
 * The status of an engine's failure, or null for any other error. Engine failures carry
 * messages safe to show; the status says whose fault it was.
 */
function engineStatus(error: unknown): number | null {
  if (error instanceof SpeechToTextError) return error.statusCode;
  if (error instanceof AudioError) return AUDIO_STATUS[error.kind];
  if (error instanceof NoteEngineError) return NOTES_STATUS[error.kind];
  return null;
}

/** `/email` or `/notes/0/templateId` → `email`, `notes.0.templateId`. */
const fieldName = (instancePath: string, context: string | undefined): string =>
  instancePath.replace(/^\//, '').replaceAll('/', '.') || context || 'request';

/**
 * One error shape for every failure (`apiErrorSchema` in the contracts): validation problems are 400 with the
 * message per field; a module's `HttpError` keeps its status, code and fields; an engine's failure
 * is mapped by its kind; any other client error keeps its status; anything unexpected is a 500
 * whose body says nothing about internals (the details go to the log, with the request id).
 */
export default fp(
  async (app) => {
    app.setErrorHandler<FastifyError>((error, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fields: Record<string, string> = {};
        for (const issue of error.validation) {
          const name = fieldName(issue.instancePath, error.validationContext);
          fields[name] ??= issue.message ?? 'Invalid value';
        }
        const body: ApiError = {
          error: {
            code: ERROR_CODES.validation,
            message: Object.values(fields)[0] ?? 'Invalid request',
            fields,
          },
        };
        return reply.code(400).send(body);
      }

      if (error instanceof HttpError) {
        const body: ApiError = {
          error: {
            code: error.code,
            message: error.message,
            ...(error.fields ? { fields: error.fields } : {}),
          },
        };
        return reply.code(error.status).send(body);
      }

      const fromEngine = engineStatus(error);
      if (fromEngine !== null) {
        request.log.warn(
          { engineError: error.name, status: fromEngine },
          'Engine refused or failed',
        );
        const body: ApiError = {
          error: {
            code: fromEngine < 500 ? ERROR_CODES.badRequest : ERROR_CODES.unavailable,
            message: error.message,
          },
        };
        return reply.code(fromEngine).send(body);
      }

      if (isMalformedMultipart(error)) {
        const body: ApiError = {
          error: {
            code: ERROR_CODES.badRequest,
            message: `The multipart form is malformed: ${error.message}`,
          },
        };
        return reply.code(400).send(body);
      }

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        const body: ApiError = {
          error: { code: CODE_BY_STATUS[status] ?? ERROR_CODES.badRequest, message: error.message },
        };
        return reply.code(status).send(body);
      }

      request.log.error({ err: logSafeError(error) }, 'Unhandled error');
      const body: ApiError = {
        error: { code: ERROR_CODES.internal, message: 'Something went wrong. Please try again.' },
      };
      return reply.code(500).send(body);
    });
  },
  { name: 'error-handler' },
);
