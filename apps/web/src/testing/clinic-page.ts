import type { Clinic, ClinicRole, CurrentUser } from '@clerkly/contracts';
import { currentUserHandler, jsonResponse, type ApiHandlers } from './mock-api';

/** Harbour Clinic with `member` as its one member, in `role`. */
export const createClinic = (member: CurrentUser, role: ClinicRole): Clinic => ({
  id: 1,
  name: 'Harbour Clinic',
  role,
  members: [
    {
      userId: member.cognitoId,
      name: `${member.firstName} ${member.lastName}`,
      email: member.email,
      role,
      joinedAt: '2026-01-05T09:00:00.000Z',
    },
  ],
});

/**
 * The reads of the clinic page for `member` of Harbour Clinic in `role`: no templates, sessions
 * kept forever. `more` adds handlers or replaces these.
 */
export function clinicPageHandlers(
  member: CurrentUser,
  role: ClinicRole,
  more: ApiHandlers = {},
): ApiHandlers {
  return {
    'GET /api/users': currentUserHandler(member),
    'GET /api/clinic': () => jsonResponse({ clinic: createClinic(member, role) }),
    'GET /api/clinic/templates': () => jsonResponse([]),
    [`GET /api/templates/user/${member.cognitoId}`]: () => jsonResponse([]),
    'GET /api/clinic/retention': () =>
      jsonResponse({ retention: 'forever', dueCount: 0, oldestDueAt: null }),
    ...more,
  };
}
