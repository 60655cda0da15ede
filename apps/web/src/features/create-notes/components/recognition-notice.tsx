import { RECOGNITION_MESSAGES, poorlyRecognised, type WordConfidence } from '@clerkly/contracts';
import { Alert, Text } from '@mantine/core';
import { IconEarOff } from '@tabler/icons-react';

/**
 * Issue 24: when the recogniser was unsure of much of the recording, the clinician is told so
 * above the notes, with what helps.
 */
export function RecognitionNotice({ words }: { words: readonly WordConfidence[] }) {
  if (!poorlyRecognised(words)) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconEarOff size={18} aria-hidden />}
      title={RECOGNITION_MESSAGES.poorRecording}
      data-testid="recognition-notice"
    >
      <Text size="sm">{RECOGNITION_MESSAGES.poorRecordingHelp}</Text>
    </Alert>
  );
}
