import { TextInput, type TextInputProps } from '@mantine/core';

type DateFieldProps = Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  /** The day as `YYYY-MM-DD`, or '' for none. */
  value: string;
  onDateChange: (day: string) => void;
};

/** The browser's date picker for one day, handing over the day chosen ('' when cleared). */
export function DateField({ value, onDateChange, ...props }: DateFieldProps) {
  return (
    <TextInput
      type="date"
      value={value}
      onChange={(event) => onDateChange(event.currentTarget.value)}
      {...props}
    />
  );
}
