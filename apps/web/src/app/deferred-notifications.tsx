import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState } from 'react';

const loadHost = () => import('./notifications-host');
const NotificationsHost = lazy(() => loadHost().then((m) => ({ default: m.NotificationsHost })));

/**
 * The toast container, mounted once it can be needed rather than on the first screen (issue 13,
 * decision 010): `notifications.show` only writes to a store, so nothing is lost meanwhile.
 * Toasts follow something the user did, so the container's code is fetched at the first key or
 * pointer press and mounted empty; a toast that came first mounts it too.
 */
export function DeferredNotifications() {
  const { notifications, queue } = useNotifications();
  const [loaded, setLoaded] = useState(false);
  const needed = loaded || notifications.length > 0 || queue.length > 0;

  useEffect(() => {
    if (loaded) return;
    const load = () => {
      void loadHost().then(() => setLoaded(true));
    };
    const options = { capture: true, once: true, passive: true } as const;
    window.addEventListener('pointerdown', load, options);
    window.addEventListener('keydown', load, options);
    return () => {
      window.removeEventListener('pointerdown', load, options);
      window.removeEventListener('keydown', load, options);
    };
  }, [loaded]);

  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}
