import { Stack, VisuallyHidden } from '@mantine/core';
import { ShimmerSkeleton } from './shimmer-skeleton';

/** Placeholder for a page whose content is still loading: a heading and a few lines. */
export function PageSkeleton({ label = 'Loading page…' }: { label?: string }) {
  return (
    <Stack gap="md" role="status" aria-label={label}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <ShimmerSkeleton height={32} width="40%" radius="sm" />
      <ShimmerSkeleton height={14} radius="sm" />
      <ShimmerSkeleton height={14} radius="sm" />
      <ShimmerSkeleton height={14} width="70%" radius="sm" />
      <ShimmerSkeleton height={180} mt="md" />
    </Stack>
  );
}
