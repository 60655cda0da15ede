import { Accordion, Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';
import { TutorialVideo } from '../components/tutorial-video';
import { TUTORIAL_SECTIONS } from '../config/tutorial-sections';

/** /tutorial (spec point 2): collapsible sections, initially expanded, with tutorial videos. */
export function TutorialPage() {
  usePageTitle('Tutorial');

  return (
    <Stack gap="lg">
      <Title order={1}>Tutorial</Title>
      <Accordion
        multiple
        defaultValue={TUTORIAL_SECTIONS.map((section) => section.sectionTitle)}
        variant="separated"
        order={2}
      >
        {TUTORIAL_SECTIONS.map((section) => (
          <Accordion.Item key={section.sectionTitle} value={section.sectionTitle}>
            <Accordion.Control>{section.sectionTitle}</Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xl">
                {section.tutorials.map((tutorial) => (
                  <TutorialVideo key={tutorial.videoUrl} tutorial={tutorial} />
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
