import { API_PATHS, type AppointmentType, type Usage } from '@clerkly/contracts';
import { describe, expect, it } from 'vitest';
import { currentUserQueryOptions, SESSION_PROBE_PATH } from '../lib/auth/current-user';
import { usageQueryKey } from '../lib/billing/usage';
import { createUser } from '../testing/data-generators';
import { jsonResponse, mockApi, mockApiAs } from '../testing/mock-api';
import { createAppQueryClient } from './query-client';
import { prefetchFirstScreen } from './first-screen-prefetch';

const USAGE: Usage = { isFreeTrial: true, sessions: 1, notes: 2 };
const APPOINTMENT_TYPES: AppointmentType[] = [{ id: 1, name: 'General Consult' }];
const appointmentTypesQueryKey = ['appointment-types'];

/** The app's start-up check as `main.tsx` makes it, opened at `pathname`. */
function startApp(pathname: string) {
  const queryClient = createAppQueryClient();
  const check = queryClient.prefetchQuery(
    currentUserQueryOptions({ onSignedIn: () => prefetchFirstScreen(queryClient, pathname) }),
  );
  return { queryClient, check };
}

describe('first screen reads (issue 25)', () => {
  it('asks for usage on /create-notes while GET /api/users is still on its way', async () => {
    const user = createUser();
    let answerUsers: () => void = () => undefined;
    const usersAnswered = new Promise<void>((resolve) => (answerUsers = resolve));
    let usersCalls = 0;
    const { requests } = mockApi({
      // The first call is the session probe's (mock-api derives it from this handler).
      [`GET ${API_PATHS.users}`]: async () => {
        usersCalls += 1;
        if (usersCalls > 1) await usersAnswered;
        return jsonResponse(user);
      },
      [`GET ${API_PATHS.usage}`]: () => jsonResponse(USAGE),
      [`GET ${API_PATHS.appointmentTypes}`]: () => jsonResponse(APPOINTMENT_TYPES),
    });
    const { queryClient, check } = startApp('/create-notes');

    await expect.poll(() => queryClient.getQueryData(usageQueryKey)).toEqual(USAGE);
    // Usage has answered; GET /api/users has been asked and not yet answered.
    expect(requests.map((request) => request.path)).toEqual([
      SESSION_PROBE_PATH,
      API_PATHS.usage,
      API_PATHS.appointmentTypes,
      API_PATHS.users,
    ]);
    expect(queryClient.getQueryState(currentUserQueryOptions().queryKey)?.status).toBe('pending');

    answerUsers();
    await check;
    expect(requests.filter((request) => request.path === API_PATHS.usage)).toHaveLength(1);
  });

  it("asks for the form's appointment types on /create-notes while GET /api/users is on its way", async () => {
    let answerUsers: () => void = () => undefined;
    const usersAnswered = new Promise<void>((resolve) => (answerUsers = resolve));
    let usersCalls = 0;
    mockApi({
      [`GET ${API_PATHS.users}`]: async () => {
        usersCalls += 1;
        if (usersCalls > 1) await usersAnswered;
        return jsonResponse(createUser());
      },
      [`GET ${API_PATHS.usage}`]: () => jsonResponse(USAGE),
      [`GET ${API_PATHS.appointmentTypes}`]: () => jsonResponse(APPOINTMENT_TYPES),
    });
    const { queryClient, check } = startApp('/create-notes');

    await expect
      .poll(() => queryClient.getQueryData(appointmentTypesQueryKey))
      .toEqual(APPOINTMENT_TYPES);
    expect(queryClient.getQueryState(currentUserQueryOptions().queryKey)?.status).toBe('pending');

    answerUsers();
    await check;
  });

  it('asks a signed-out visitor nothing but the session probe', async () => {
    const { requests } = mockApiAs(null);
    const { check } = startApp('/create-notes');
    await check;

    expect(requests.map((request) => request.path)).toEqual([SESSION_PROBE_PATH]);
  });

  it('reads nothing ahead for a page that shows without it', async () => {
    const { requests } = mockApiAs(createUser());
    const { check } = startApp('/templates');
    await check;

    expect(requests.map((request) => request.path)).toEqual([SESSION_PROBE_PATH, API_PATHS.users]);
  });
});
