import { Button, Group } from '@mantine/core';
import { IconCalendar, IconFilter, IconFilterOff } from '@tabler/icons-react';
import { DateField } from '../../../components/date-field';
import { SearchField } from '../../../components/search-field';
import { isRangeComplete } from '../utils/date-range';

type SessionsFiltersProps = {
  search: string;
  fromDate: string;
  toDate: string;
  onSearchChange: (value: string) => void;
  onFromDateChange: (value: string) => void;
  onToDateChange: (value: string) => void;
  onApply: () => void;
  onClear: () => void;
};

/** Spec point 2 "My Sessions" filters and spec point 5 "Date filter". */
export function SessionsFilters({
  search,
  fromDate,
  toDate,
  onSearchChange,
  onFromDateChange,
  onToDateChange,
  onApply,
  onClear,
}: SessionsFiltersProps) {
  const outOfOrder = fromDate !== '' && toDate !== '' && toDate < fromDate;

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <SearchField
        label="Search"
        placeholder="Search by patient name"
        value={search}
        onSearch={onSearchChange}
        w={{ base: '100%', sm: 240 }}
      />
      <DateField
        label="From Date"
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={fromDate}
        max={toDate || undefined}
        onDateChange={onFromDateChange}
        w={{ base: '100%', xs: 175 }}
      />
      <DateField
        label="To Date"
        leftSection={<IconCalendar size={16} aria-hidden />}
        value={toDate}
        // Spec point 5: To has From as minimum.
        min={fromDate || undefined}
        onDateChange={onToDateChange}
        error={outOfOrder ? 'To Date cannot be before From Date' : undefined}
        w={{ base: '100%', xs: 175 }}
      />
      <Group gap="sm">
        <Button
          leftSection={<IconFilter size={16} aria-hidden />}
          // Spec point 5: enabled only when both From and To are set.
          disabled={!isRangeComplete(fromDate, toDate)}
          onClick={onApply}
        >
          Apply Filter
        </Button>
        <Button
          variant="default"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onClear}
        >
          Clear Filters
        </Button>
      </Group>
    </Group>
  );
}
