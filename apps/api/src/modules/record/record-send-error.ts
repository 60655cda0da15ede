/**
 * A failed attempt to file a note in the record system. The message is the sentence the
 * clinician reads (contracts `RECORD_SEND_FAILURES`): it names the record system and what it
 * answered, never the note's text.
 */
export class RecordSendError extends Error {
  override readonly name = 'RecordSendError';
}

/** How long one attempt may take, connecting and waiting for the answer included. */
export const RECORD_SEND_TIMEOUT_MS = 15_000;

/** What the record system answered, cut to a readable length (it is shown to the clinician). */
export const shortDetail = (text: string | undefined) =>
  (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
