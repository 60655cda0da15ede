import { Group, TextInput } from '@mantine/core';
import type { ZodForm } from '../lib/zod-form';

type FieldProps = ReturnType<ZodForm<{ name: string }, unknown>['textInputProps']>;

/** First and last name side by side, as sign-up asks them and the profile edits them. */
export function NameFields({
  firstName,
  lastName,
}: {
  firstName: FieldProps;
  lastName: FieldProps;
}) {
  return (
    <Group grow align="flex-start">
      <TextInput label="First Name" autoComplete="given-name" withAsterisk {...firstName} />
      <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...lastName} />
    </Group>
  );
}
