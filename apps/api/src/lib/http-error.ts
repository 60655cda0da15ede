import { ERROR_CODES } from '@clerkly/contracts';

/**
 * A failure a module reports to the client: the HTTP status, the API's error code and, for bad
 * input, the message per field. Modules throw it (or a subclass); `plugins/error-handler.ts`
 * turns it into the one error shape, so route handlers have no try/catch of their own.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Bad input that only the server can spot (an unknown id): a 400 naming the field. */
export class InputError extends HttpError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(400, ERROR_CODES.validation, message, { [field]: message });
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, ERROR_CODES.notFound, message);
  }
}

/** A request that conflicts with the state of what it changes: 409. */
export class ConflictError extends HttpError {
  constructor(message: string, code: string = ERROR_CODES.conflict) {
    super(409, code, message);
  }
}
