import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchFieldProps = Omit<TextInputProps, 'type' | 'value' | 'onChange'> & {
  value: string;
  onSearch: (text: string) => void;
};

/** A search box with its magnifier, handing over the text as it is typed. */
export function SearchField({ value, onSearch, ...props }: SearchFieldProps) {
  return (
    <TextInput
      type="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => onSearch(event.currentTarget.value)}
      {...props}
    />
  );
}
