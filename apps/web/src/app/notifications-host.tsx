import { Notifications } from '@mantine/notifications';

/** Spec point 8: toasts top-right, closing after 5000 ms. Loaded by `DeferredNotifications`. */
export function NotificationsHost() {
  return <Notifications position="top-right" autoClose={5000} />;
}
