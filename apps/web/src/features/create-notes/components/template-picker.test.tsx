import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_LIST_HINT, TemplatePicker } from './template-picker';

const templates = {
  data: [
    { id: 1, name: 'SOAP Note' },
    { id: 18, name: 'Medical Certificate – Work' },
  ],
  isPending: false,
  isError: false,
  refetch: () => {},
};

describe('TemplatePicker', () => {
  // Issue 26: the list is one Tab stop moved in by the arrow keys, and nothing said so.
  it('says how to move in the list, on the page and with each checkbox', () => {
    render(
      <MantineProvider env="test">
        <TemplatePicker templates={templates} selected={[]} onChange={() => {}} isFreeTrial />
      </MantineProvider>,
    );
    expect(screen.getByText(TEMPLATE_LIST_HINT)).toBeVisible();
    const group = screen.getByRole('group', { name: 'Templates' });
    for (const checkbox of within(group).getAllByRole('checkbox')) {
      expect(checkbox).toHaveAccessibleDescription(TEMPLATE_LIST_HINT);
    }
  });
});
