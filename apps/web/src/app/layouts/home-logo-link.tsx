import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../components/logo';
import { paths } from '../../config/paths';

/** The logo, linking to / (spec point 2 "Layout"). */
export function HomeLogoLink({ withWordmark = true }: { withWordmark?: boolean }) {
  return (
    <Anchor component={Link} to={paths.home} underline="never" c="inherit">
      <Logo withWordmark={withWordmark} />
    </Anchor>
  );
}
