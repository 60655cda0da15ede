import { Accordion, Stack, Title } from '@mantine/core';
import { usePageTitle } from '../../../lib/use-page-title';
import { TutorialVideo } from '../components/tutorial-video';
import { TUTORIAL_SECTIONS } from '../config/tutorial-sections';

/**
 * Mantine builds the panel's id, which the control's aria-controls names, from the item value;
 * a section title has spaces and a "?", which no id reference may have (issue 14).
 */
const sectionValue = (index: number) => `section-${index + 1}`;

/** /tutorial (spec point 2): collapsible sections, initially expanded, with tutorial videos. */
export function TutorialPage() {
  usePageTitle('Tutorial');

  return (
    <Stack gap="lg">
      <Title order={1}>Tutorial</Title>
      <Accordion
        multiple
        defaultValue={TUTORIAL_SECTIONS.map((_section, index) => sectionValue(index))}
        variant="separated"
        order={2}
      >
        {TUTORIAL_SECTIONS.map((section, index) => (
          <Accordion.Item key={section.sectionTitle} value={sectionValue(index)}>
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
