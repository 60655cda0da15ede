import { PRIVACY_PAGE, TERMS_PAGE, type LegalPage } from '@clerkly/contracts';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import { usePageTitle } from '../../../lib/use-page-title';

/**
 * /terms and /privacy (issue 14): sign-up asks the user to agree to them, so they must exist,
 * signed in or not. Plain language, from @clerkly/contracts (issue 26).
 */
function LegalDocument({ page }: { page: LegalPage }) {
  usePageTitle(page.title);
  return (
    <Container component="main" size="sm" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.home} underline="never" c="inherit">
          <Logo />
        </Anchor>
        <Title order={1}>{page.title}</Title>
        {page.sections.map((section) => (
          <Stack key={section.heading} gap="xs">
            <Title order={2} size="h3">
              {section.heading}
            </Title>
            <List spacing="xs">
              {section.points.map((point) => (
                <List.Item key={point}>
                  <Text>{point}</Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}

export const TermsPage = () => <LegalDocument page={TERMS_PAGE} />;
export const PrivacyPage = () => <LegalDocument page={PRIVACY_PAGE} />;
