import { PLAN_PARAM, paths, withPlan } from '../../config/paths';

type Target = { pathname: string; search: string };
export type Redirect = { to: string; state?: { welcome: true } };

/**
 * Where an unauthenticated visitor of a protected route goes (spec point 2): /login, except
 * that a plan chosen for /subscription is carried over to sign-up.
 */
export function getUnauthenticatedRedirect({ pathname, search }: Target): string {
  const plan = new URLSearchParams(search).get(PLAN_PARAM);
  if (plan !== null && pathname.includes(paths.subscription)) return withPlan(paths.register, plan);
  return paths.login;
}

/** Where a signed-in visitor of a public route goes, or `null` to stay (spec point 2). */
export function getAuthenticatedRedirect(
  { pathname, search }: Target,
  user?: { profession: string | null },
): Redirect | null {
  if (pathname === paths.login) return { to: paths.createNotes, state: { welcome: true } };
  if (pathname === paths.register) {
    const plan = new URLSearchParams(search).get(PLAN_PARAM);
    if (plan !== null) return { to: withPlan(paths.subscription, plan) };
    // Issue 14: reloading during profile setup showed the sign-up form to a signed-in user.
    // They are past the form; the protected pages finish their profile setup.
    if (user && !user.profession) return { to: paths.createNotes, state: { welcome: true } };
  }
  return null;
}
