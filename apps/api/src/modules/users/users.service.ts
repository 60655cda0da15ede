import type { CurrentUser, UpdateProfileInput } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import { InputError } from '../../lib/http-error';
import type { Mailer } from '../mail/mailer';
import { passwordChangedMessage } from '../mail/messages';
import { existingTemplateIds } from '../reference-data/templates.repository';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './users.repository';

class UserInputError extends InputError {}

export const toCurrentUser = (user: UserRow): CurrentUser => ({
  cognitoId: user.id,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  profession: user.profession,
  commonTemplate: user.commonTemplate,
  commonConditions: user.commonConditions,
  role: 'USER',
  isTrial: user.isTrial,
  isDeleted: user.isDeleted,
});

/** A blank value means "keep what is stored" (spec point 5). */
const keep = (value: string | undefined) =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput) {
  const commonTemplate = keep(input.commonTemplate);
  if (commonTemplate) {
    const ids = [...new Set(commonTemplate.split(',').map(Number))];
    const known = await existingTemplateIds(db, ids, userId);
    if (known.size !== ids.length) {
      throw new UserInputError('Choose templates from the list', 'commonTemplate');
    }
  }
  const user = await updateUser(db, userId, {
    firstName: keep(input.firstName),
    lastName: keep(input.lastName),
    profession: keep(input.profession),
    commonTemplate,
    commonConditions: keep(input.commonConditions),
  });
  return user && toCurrentUser(user);
}

/**
 * The backend half of registration (spec point 7): idempotent, and it only fills names that are
 * still empty. The identity service already holds role USER and isTrial true for the account.
 */
export async function registerUser(
  db: Db,
  userId: string,
  names: { firstName?: string; lastName?: string },
) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const firstName = user.firstName || keep(names.firstName);
  const lastName = user.lastName || keep(names.lastName);
  if (firstName === user.firstName && lastName === user.lastName) return toCurrentUser(user);
  const updated = await updateUser(db, userId, { firstName, lastName });
  return updated && toCurrentUser(updated);
}

/** A confirmation may follow a reset that completed within this many minutes. */
const NOTICE_WINDOW_MINUTES = 15;

/**
 * Sends "your password was changed" once after a completed reset. Anything else is silently
 * ignored, so the endpoint can neither tell whether an address is registered nor be used to
 * send mail to arbitrary people.
 */
export async function sendPasswordResetNotice(db: Db, mailer: Mailer, email: string) {
  const user = await findUserByEmail(db, email.toLowerCase());
  const resetAt = user?.passwordResetAt;
  if (!user || !resetAt || user.passwordResetNoticeSentAt) return;
  if (Date.now() - resetAt.getTime() > NOTICE_WINDOW_MINUTES * 60_000) return;
  await updateUser(db, user.id, { passwordResetNoticeSentAt: new Date() });
  await mailer.send(passwordChangedMessage(user.email));
}
