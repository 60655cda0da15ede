import { Group, TextInput } from '@mantine/core';
import type { TextFieldProps } from '../lib/zod-form';

/** First and last name side by side, as sign-up asks them and the profile edits them. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: TextFieldProps;
  lastName: TextFieldProps;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput label="First Name" autoComplete="given-name" withAsterisk {...firstName} />
      <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...lastName} />
    </Group>
  );
}
