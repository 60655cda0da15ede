import { OTP_LENGTH } from '@clerkly/contracts';
import { Input, PinInput, Stack } from '@mantine/core';
import { useId, type KeyboardEvent } from 'react';

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
          // A letter typed over a filled box would empty it and shift the later digits left
          // (issue 26): a printable key that is not a digit is refused before it reaches the box.
          // Enter, Tab and the other named keys go on (Enter submits the code).
          onKeyDownCapture: (event: KeyboardEvent<HTMLInputElement>) => {
            const printable = event.key.length === 1 && !event.ctrlKey && !event.metaKey;
            if (printable && !/\d/.test(event.key)) event.preventDefault();
          },
          ...(error ? { 'aria-describedby': errorId } : {}),
        })}
      />
      {error ? <Input.Error id={errorId}>{error}</Input.Error> : null}
    </Stack>
  );
}
