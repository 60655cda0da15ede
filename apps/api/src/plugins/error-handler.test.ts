import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { logSafeError } from './error-handler';

// Issue 11 (Medium 6): a failed query logged the SQL parameters (e-mail addresses, names, profile
// text) through the driver's error. What an unexpected error puts in the log keeps the query and
// the database's error code, never the values.
describe('logSafeError', () => {
  it('keeps the query and the error code of a failed query, not its parameters', () => {
    const cause = Object.assign(
      new Error('invalid input syntax for type integer: "Philippa Quargle"'),
      { code: '22P02' },
    );
    const error = new DrizzleQueryError(
      'insert into "patient_sessions" ("first_name", "email") values ($1, $2)',
      ['Philippa Quargle', 'philippa@example.test'],
      cause,
    );
    const logged = JSON.stringify(logSafeError(error));
    expect(logged).toContain('insert into \\"patient_sessions\\"');
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('Philippa');
    expect(logged).not.toContain('philippa@example.test');
  });
});
