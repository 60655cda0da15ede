import {
  API_PATHS,
  patientSessionDetailSchema,
  type PatientSessionDetail,
} from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

/**
 * `GET /api/patient-sessions/{id}` (issue 11): what the server holds for a session (saved and
 * draft notes, transcript, version), to reload it after a save conflict.
 */
export async function getSessionDetail(sessionId: number): Promise<PatientSessionDetail> {
  return patientSessionDetailSchema.parse(await apiClient.get(API_PATHS.patientSession(sessionId)));
}
