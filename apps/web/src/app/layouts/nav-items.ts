import {
  IconCreditCard,
  IconHistory,
  IconMicrophone,
  IconNotes,
  IconPlayerPlay,
  IconTemplate,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths';

export type NavItem = { to: string; label: string; icon: Icon };

/** Sidebar and mobile menu entries, in the order of spec point 2 "Layout". */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.profile, label: 'Profile', icon: IconUserCircle },
  { to: paths.createNotes, label: 'Create Notes', icon: IconNotes },
  { to: paths.mySessions, label: 'My Sessions', icon: IconHistory },
  { to: paths.templates, label: 'Templates', icon: IconTemplate },
  { to: paths.audioCheck, label: 'Audio Check', icon: IconMicrophone },
  { to: paths.subscription, label: 'Subscription', icon: IconCreditCard },
  { to: paths.tutorial, label: 'Tutorial', icon: IconPlayerPlay },
];
