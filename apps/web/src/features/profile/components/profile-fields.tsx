import { MESSAGES, PROFESSIONS } from '@clerkly/contracts';
import { MultiSelect, Select, Textarea } from '@mantine/core';
import type { ChangeEvent } from 'react';
import type { ZodForm } from '../../../lib/zod-form';
import { useTemplateNames } from '../api/get-template-names';

/** Spec point 9: dropdown lists scroll at a maximum height of 12rem. */
const MAX_DROPDOWN_HEIGHT = '12rem';

/**
 * Issue 26 (axe-core with the list open): the list opened in a portal at the end of the page,
 * outside every landmark, and its scrolling box held nothing focusable. It opens in place, and
 * its options are focusable from script only (they are reached with the arrow keys from the
 * field, as a combobox has it, so none is a Tab stop).
 */
const dropdownA11yProps = {
  comboboxProps: { withinPortal: false },
  attributes: { option: { tabIndex: -1 } },
} as const;

type ProfessionSelectProps = {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
};

/** Profession: required, one of the 38 of spec point 3, searchable. */
function ProfessionSelect({ value, onChange, error }: ProfessionSelectProps) {
  return (
    <Select
      label="Profession"
      placeholder="Select your profession"
      withAsterisk
      searchable
      data={PROFESSIONS}
      value={value === '' ? null : value}
      onChange={(next) => onChange(next ?? '')}
      nothingFoundMessage={MESSAGES.noOptionsFound}
      maxDropdownHeight={MAX_DROPDOWN_HEIGHT}
      error={error}
      {...dropdownA11yProps}
    />
  );
}

type CommonTemplatesSelectProps = {
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
};

/** The templates the user writes most, from `GET /api/templates/` (spec point 2). */
function CommonTemplatesSelect({ value, onChange, disabled }: CommonTemplatesSelectProps) {
  const templates = useTemplateNames();
  const data = (templates.data ?? []).map(({ id, name }) => ({ value: String(id), label: name }));

  return (
    <MultiSelect
      label="Common templates"
      description="Which patient documents or letters do you regularly create?"
      placeholder={templates.isPending ? 'Loading templates...' : 'Pick templates'}
      searchable
      clearable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={MESSAGES.noOptionsFound}
      maxDropdownHeight={MAX_DROPDOWN_HEIGHT}
      error={templates.isError ? 'Error loading templates' : undefined}
      disabled={disabled}
      {...dropdownA11yProps}
    />
  );
}

type CommonConditionsInputProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  error: string | undefined;
};

function CommonConditionsInput({ value, onChange, error }: CommonConditionsInputProps) {
  return (
    <Textarea
      label="Common conditions or patients"
      description="The conditions you treat or the patients you see most often."
      placeholder="e.g. diabetes, hypertension, older adults"
      rows={4}
      resize="vertical"
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

type WorkValues = { profession: string; commonTemplate: string[]; commonConditions: string };

/**
 * What the clinician does (profession, common templates and conditions): asked once at set-up
 * and edited later on the profile page, so both show the same fields.
 */
export function WorkFields({
  form,
}: {
  form: Pick<
    ZodForm<WorkValues, unknown>,
    'values' | 'errors' | 'setFieldValue' | 'textInputProps'
  >;
}) {
  return (
    <>
      <ProfessionSelect
        value={form.values.profession}
        onChange={(value) => form.setFieldValue('profession', value)}
        error={form.errors.profession}
      />
      <CommonTemplatesSelect
        value={form.values.commonTemplate}
        onChange={(value) => form.setFieldValue('commonTemplate', value)}
      />
      <CommonConditionsInput {...form.textInputProps('commonConditions')} />
    </>
  );
}
