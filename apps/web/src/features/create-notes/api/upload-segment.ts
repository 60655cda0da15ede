import { API_PATHS, SEGMENT_RULES, segmentAckSchema, type SegmentAck } from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';
import type { PendingSegment } from '../lib/segment-upload-queue';

/** A segment upload that hangs (a half-open connection) is abandoned and tried again. */
const SEGMENT_UPLOAD_TIMEOUT_MS = 30_000;

/**
 * `PUT /api/patient-sessions/{id}/segments/{seq}` (issue 9): the segment's WAV as the raw body.
 * The same seq sent twice is one segment on the server, so a retry is always safe.
 */
export async function uploadSegment(segment: PendingSegment): Promise<SegmentAck> {
  const body = await apiClient.put(API_PATHS.sessionSegment(segment.sessionId, segment.seq), {
    body: segment.audio,
    headers: { 'Content-Type': SEGMENT_RULES.mimeType },
    signal: AbortSignal.timeout(SEGMENT_UPLOAD_TIMEOUT_MS),
  });
  return segmentAckSchema.parse(body);
}
