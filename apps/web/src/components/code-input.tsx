import { OTP_LENGTH } from '@clerkly/contracts';
import { Input, PinInput, Stack } from '@mantine/core';
import { useId } from 'react';

type CodeInputProps = {
  value: string;
  onChange: (value: string) => void;
  /** The message under the boxes, e.g. "Enter a valid code". */
  error?: string | undefined;
  label?: string;
  autoFocus?: boolean;
  disabled?: boolean;
};

/**
 * The six single-digit boxes of an e-mailed code (spec point 2 "OTP verification", "Forgot
 * password"). Mantine's PinInput spreads a pasted code across the boxes, moves on as digits are
 * typed and goes back on Backspace in an empty box; each box is named for screen readers.
 */
export function CodeInput({
  value,
  onChange,
  error,
  label = 'Verification code',
  autoFocus = false,
  disabled = false,
}: CodeInputProps) {
  const labelId = useId();
  const errorId = useId();

  return (
    <Stack gap={6}>
      <Input.Label id={labelId} required>
        {label}
      </Input.Label>
      <PinInput
        aria-labelledby={labelId}
        length={OTP_LENGTH}
        type="number"
        // Mantine only refuses non-digit keys when told the input mode; without it a letter typed
        // over a filled box empties that box and the later digits shift left (issue 26).
        inputMode="numeric"
        oneTimeCode
        size="lg"
        gap="xs"
        placeholder=""
        value={value}
        onChange={onChange}
        error={Boolean(error)}
        autoFocus={autoFocus}
        disabled={disabled}
        getInputProps={(index) => ({
          'aria-label': `${label} digit ${index + 1} of ${OTP_LENGTH}`,
          ...(error ? { 'aria-describedby': errorId } : {}),
        })}
      />
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </Stack>
  );
}
