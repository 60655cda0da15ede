import type { CurrentUser } from '@clerkly/contracts';

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
