import { RECORD_SEND_FAILURES } from '@clerkly/contracts';
import { Hl7Client } from '@medplum/hl7';
import type { ExportedNote } from '../exports/exports.service';
import { mdmT02 } from './mdm-t02';
import { RECORD_SEND_TIMEOUT_MS, RecordSendError, shortDetail } from './record-send-error';

export interface Hl7Endpoint {
  host: string;
  port: number;
}

/** ACK codes that mean the record took the message (original and enhanced mode). */
const ACCEPTED = new Set(['AA', 'CA']);

/** MSH-10 for one attempt: the note and the moment, within the 20 characters v2.5.1 allows. */
const controlIdOf = (noteId: number) => `${noteId}-${Date.now().toString(36)}`.slice(0, 20);

/**
 * Sends a saved note as an MDM^T02 over MLLP and waits for the ACK: AA is filed; AE or AR is a
 * refusal with the ACK's own error text; a closed port or no answer is an attempt to retry.
 * Returns the document number the record knows the note by (TXA-12).
 */
export async function sendToHl7(
  endpoint: Hl7Endpoint,
  note: ExportedNote,
  signal: AbortSignal,
): Promise<string> {
  const address = `${endpoint.host}:${endpoint.port}`;
  const client = new Hl7Client({
    host: endpoint.host,
    port: endpoint.port,
    connectTimeout: RECORD_SEND_TIMEOUT_MS,
  });
  const abort = () => void client.close();
  signal.addEventListener('abort', abort, { once: true });
  try {
    let ack;
    try {
      ack = await client.sendAndWait(mdmT02(note, controlIdOf(note.noteId)), {
        timeoutMs: RECORD_SEND_TIMEOUT_MS,
      });
    } catch (error) {
      const timedOut = /time(d)? ?out/i.test(error instanceof Error ? error.message : '');
      throw new RecordSendError(
        timedOut
          ? RECORD_SEND_FAILURES.timeout(address)
          : RECORD_SEND_FAILURES.unreachable(address),
      );
    }
    const msa = ack.getSegment('MSA');
    const code = msa?.getField(1)?.toString().toUpperCase() ?? '';
    if (ACCEPTED.has(code)) return String(note.noteId);
    if (!code) throw new RecordSendError(RECORD_SEND_FAILURES.badAnswer);
    // ERR-8 (user message) says most; older peers put the text in MSA-3 only.
    const detail =
      ack.getSegment('ERR')?.getField(8)?.toString() || msa?.getField(3)?.toString() || '';
    throw new RecordSendError(RECORD_SEND_FAILURES.hl7Rejected(code, shortDetail(detail)));
  } finally {
    signal.removeEventListener('abort', abort);
    await client.close();
  }
}
