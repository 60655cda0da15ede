import { z } from 'zod';
import { MAX_DB_ID } from './limits';

/**
 * Building blocks that keep bad input a 400 instead of a database error (issue 11): NUL cannot
 * be stored in PostgreSQL text, ids above `MAX_DB_ID` overflow an `integer` column, and years
 * outside 1000–9999 are not valid ISO timestamps for PostgreSQL.
 */
export const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * 12000 → "12,000". Not `toLocaleString`: its first call loads the browser's locale data, which
 * took 35 ms of a phone's first screen when the schemas were built (issue 25).
 */
const withThousandsCommas = (count: number) => String(count).replace(/\B(?=(\d{3})+$)/g, ',');

/** Text without NUL characters, of at most `max` characters, with a message naming the limit. */
export const boundedText = (max: number, what = 'Text') =>
  z
    .string()
    .max(max, `${what} is too long (at most ${withThousandsCommas(max)} characters)`)
    .refine((value) => !value.includes('\u0000'), NUL_MESSAGE);

/** A positive database id, also when it arrives as a string (path, query or form field). */
export const dbId = (message = 'Invalid id') =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_DB_ID, message);

/** An ISO date-time with an offset, limited to the years PostgreSQL and JavaScript agree on. */
export const isoDateTime = (message: string) =>
  z.iso.datetime({ offset: true, error: message }).refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1000 && year <= 9999;
  }, message);
