import { notifications } from '@mantine/notifications';
import { beforeEach } from 'vitest';

/**
 * For a test file that drives whole flows through the real app (forms, several requests, lazy
 * pages): no toast left over from the previous test (Mantine keeps toasts in a module-level
 * store). Call once at the top of the file. Time limits are the suite's (vite.config.ts,
 * setup-tests.ts): hang detectors, the same for every file.
 */
export function setUpFlowTests(): void {
  beforeEach(() => notifications.clean());
}
