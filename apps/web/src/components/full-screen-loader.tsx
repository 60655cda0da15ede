import { Box, LoadingOverlay, VisuallyHidden } from '@mantine/core';

type FullScreenLoaderProps = {
  /** What is being waited for, read out by assistive technology. */
  label?: string;
};

/** A loading overlay over the whole viewport (spec point 2 "Other", point 4 "Auth"). */
export function FullScreenLoader({ label = 'Loading…' }: FullScreenLoaderProps) {
  return (
    <Box role="status" aria-label={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <LoadingOverlay visible pos="fixed" zIndex={1000} overlayProps={{ blur: 2 }} />
    </Box>
  );
}
