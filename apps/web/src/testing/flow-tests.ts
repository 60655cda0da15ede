import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';
import { beforeEach, vi } from 'vitest';

/**
 * Defaults for a test file that drives whole flows through the real app (forms, several
 * requests, lazy pages): generous time limits, since the suite runs files in parallel on small
 * CI machines, and no toast left over from the previous test (Mantine keeps toasts in a
 * module-level store). Call once at the top of the file.
 */
export function setUpFlowTests(): void {
  vi.setConfig({ testTimeout: 15_000 });
  configure({ asyncUtilTimeout: 4_000 });
  beforeEach(() => notifications.clean());
}
