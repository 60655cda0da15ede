import { PRODUCT_NAME } from '@clerkly/contracts';
import { Group, Text, VisuallyHidden } from '@mantine/core';

type LogoProps = {
  /** Show the product name next to the mark; without it the name is only read out. */
  withWordmark?: boolean;
  size?: number;
};

/** The product mark (sound bars turning into lines of notes) and its name. */
export function Logo({ withWordmark = true, size = 36 }: LogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <g fill="none" stroke="#fff" strokeLinecap="round" strokeWidth="2.5">
          <path d="M7.5 13.5v5M11.5 10v12M15.5 14v4" />
          <path d="M20 11.5h5M20 16h5M20 20.5h3" />
        </g>
      </svg>
      {withWordmark ? (
        <Text component="span" fw={700} fz="xl" lh={1}>
          {PRODUCT_NAME}
        </Text>
      ) : (
        <VisuallyHidden>{PRODUCT_NAME}</VisuallyHidden>
      )}
    </Group>
  );
}
