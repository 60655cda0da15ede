import type { BillingInterval } from '@clerkly/contracts';
import { SegmentedControl } from '@mantine/core';

/** The Monthly/Annual toggle of the plans view and of a clinic owner's subscribe list. */
export function BillingPeriodControl({
  label,
  value,
  onChange,
}: {
  label: string;
  value: BillingInterval;
  onChange: (interval: BillingInterval) => void;
}) {
  return (
    <SegmentedControl
      aria-label={label}
      value={value}
      onChange={(picked) => onChange(picked === 'year' ? 'year' : 'month')}
      data={[
        { value: 'month', label: 'Monthly' },
        { value: 'year', label: 'Annual' },
      ]}
      maw={280}
    />
  );
}
