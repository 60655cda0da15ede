import type { CurrentUser, PatientSession } from '@clerkly/contracts';

export function createUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    cognitoId: 'user-1',
    email: 'ada.lovelace@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profession: 'General Practitioner',
    commonTemplate: '',
    commonConditions: '',
    role: 'USER',
    isTrial: true,
    isDeleted: false,
    ...overrides,
  };
}

/** Ann Lee's session, just created (version 1). */
export function createPatientSession(overrides: Partial<PatientSession> = {}): PatientSession {
  return {
    id: 42,
    firstName: 'Ann Lee',
    lastName: '',
    dateOfBirth: '2000-01-01',
    appointmentTypeId: 1,
    createdAt: '2025-03-10T09:30:00.000Z',
    version: 1,
    ...overrides,
  };
}
