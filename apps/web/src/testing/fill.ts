import type { UserEvent } from '@testing-library/user-event';

/** Puts `value` into a field the way a paste does: one input event, much faster than typing. */
export async function fill(user: UserEvent, field: HTMLElement, value: string): Promise<void> {
  await user.clear(field);
  await user.click(field);
  await user.paste(value);
}
