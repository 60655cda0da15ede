import type { StyleProfile } from '@clerkly/contracts';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { SegmentPipelineProvider } from '../features/create-notes/state/segment-pipeline';
import { SessionProvider, type SessionState } from '../features/create-notes/state/session-store';
import { createQueryClient } from '../lib/query-client';
import { jsonResponse, type ApiHandlers } from './mock-api';

/**
 * Renders a stage of Create Notes as the page holds it: inside the session (starting at `state`)
 * and its segment pipeline, with toasts and a query client of its own. Returns the user to act.
 */
export function renderInSession(stage: ReactElement, state: SessionState) {
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={createQueryClient({ retryDelay: 0 })}>
        <SessionProvider initialState={state}>
          <SegmentPipelineProvider owner="user-1">{stage}</SegmentPipelineProvider>
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return user;
}

/** A template's style with nothing learned yet from the clinician's edits (issue 27). */
export const nothingLearned = (templateId: number): StyleProfile => ({
  templateId,
  notesLearned: 0,
  preferences: [],
  updatedAt: null,
});

/** `GET /api/templates/{id}/style` for each template: nothing learned yet. */
export const nothingLearnedHandlers = (templateIds: number[]): ApiHandlers =>
  Object.fromEntries(
    templateIds.map((id) => [
      `GET /api/templates/${id}/style`,
      () => jsonResponse(nothingLearned(id)),
    ]),
  );
