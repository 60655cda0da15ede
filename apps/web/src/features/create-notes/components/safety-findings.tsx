import type { SafetyFinding } from '@clerkly/contracts';
import { Alert, Blockquote, Box, List, Stack, Text } from '@mantine/core';
import { IconShieldExclamation } from '@tabler/icons-react';

const KIND_LABELS: Record<SafetyFinding['kind'], string> = {
  number: 'Number or dose',
  frequency: 'Frequency',
  laterality: 'Left / right',
  negation: 'Negation',
  allergy: 'Allergy',
};

type SafetyFindingsProps = {
  findings: readonly (SafetyFinding & { templateName?: string })[];
  transcript: string;
  title?: string;
  /**
   * The findings are a landmark of the notes view ("Safety check"); inside a dialog they are
   * not, so that the page keeps one landmark of that name (axe landmark-unique, issue 14).
   */
  landmark?: boolean;
};

/** The safety check's findings, each with the transcript's own words as evidence (issue 12). */
export function SafetyFindings({
  findings,
  transcript,
  title = 'Check against the transcript',
  landmark = true,
}: SafetyFindingsProps) {
  if (findings.length === 0) return null;
  return (
    <Box
      component={landmark ? 'section' : 'div'}
      aria-label={landmark ? 'Safety check' : undefined}
    >
      <Alert
        color="orange"
        variant="light"
        title={title}
        icon={<IconShieldExclamation size={18} aria-hidden />}
      >
        <List spacing="sm" size="sm">
          {findings.map((finding, index) => (
            <List.Item key={index}>
              <Stack gap={4}>
                <Text size="sm">
                  <Text span fw={600}>
                    {finding.templateName ? `${finding.templateName} · ` : ''}
                    {KIND_LABELS[finding.kind]}:
                  </Text>{' '}
                  {finding.message}
                </Text>
                <Text size="xs" c="dimmed">
                  In the note: “{finding.sentence}”
                </Text>
                {finding.evidence.slice(0, 2).map((span, i) => (
                  <Blockquote key={i} p={6} fz="xs" color="gray">
                    {transcript.slice(span.start, span.end)}
                  </Blockquote>
                ))}
              </Stack>
            </List.Item>
          ))}
        </List>
      </Alert>
    </Box>
  );
}
