import { RECORD_SEND_FAILURES } from '@clerkly/contracts';
import type { DocumentReference, OperationOutcome } from '@medplum/fhirtypes';
import type { ExportedNote } from '../exports/exports.service';
import { NOTE_IDENTIFIER_SYSTEM, noteDocumentReference } from '../exports/note-fhir';
import { RECORD_SEND_TIMEOUT_MS, RecordSendError, shortDetail } from './record-send-error';

export interface FhirEndpoint {
  baseUrl: string;
  token: string | null;
}

/** The text of a FHIR server's OperationOutcome, if that is what it answered. */
function outcomeText(body: string): string {
  try {
    const outcome = JSON.parse(body) as Partial<OperationOutcome>;
    if (outcome.resourceType !== 'OperationOutcome') return '';
    const issue = outcome.issue?.[0];
    return shortDetail(issue?.details?.text ?? issue?.code);
  } catch {
    return '';
  }
}

/**
 * Files a saved note as its DocumentReference by a conditional update on the note's identifier
 * (`PUT DocumentReference?identifier=urn:clerkly:note|<id>`): the first send creates the
 * document, every later one updates that same document. Returns the server's resource id.
 */
export async function sendToFhir(
  endpoint: FhirEndpoint,
  note: ExportedNote,
  signal: AbortSignal,
): Promise<string> {
  const identifier = `${NOTE_IDENTIFIER_SYSTEM}|${note.noteId}`;
  const url = `${endpoint.baseUrl}/DocumentReference?identifier=${encodeURIComponent(identifier)}`;
  const address = new URL(endpoint.baseUrl).host;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: {
        'content-type': 'application/fhir+json',
        accept: 'application/fhir+json',
        ...(endpoint.token ? { authorization: `Bearer ${endpoint.token}` } : {}),
      },
      body: JSON.stringify(noteDocumentReference(note)),
      signal: AbortSignal.any([signal, AbortSignal.timeout(RECORD_SEND_TIMEOUT_MS)]),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new RecordSendError(
      timedOut ? RECORD_SEND_FAILURES.timeout(address) : RECORD_SEND_FAILURES.unreachable(address),
    );
  }
  const body = await response.text();
  if (!response.ok) {
    throw new RecordSendError(
      RECORD_SEND_FAILURES.fhirRejected(response.status, outcomeText(body)),
    );
  }
  try {
    const stored = JSON.parse(body) as Partial<DocumentReference>;
    if (stored.resourceType === 'DocumentReference' && stored.id) return stored.id;
  } catch {
    // falls through: a success without the stored resource
  }
  // A server answering `Prefer: return=minimal` names the document in Location.
  const location = response.headers.get('location')?.match(/DocumentReference\/([^/]+)/)?.[1];
  if (location) return location;
  throw new RecordSendError(RECORD_SEND_FAILURES.badAnswer);
}
