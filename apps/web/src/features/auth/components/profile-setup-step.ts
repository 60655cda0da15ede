import type { CurrentUser } from '@clerkly/contracts';
import type { ComponentType } from 'react';

/**
 * The profile-setup screen the login and sign-up flows end with. It belongs to the profile
 * feature; src/app passes it in, since features do not import each other.
 */
export type ProfileSetupStep = ComponentType<{ onComplete: (user: CurrentUser) => void }>;
