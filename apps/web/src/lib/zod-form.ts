import { useCallback, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';

/** One message per top-level field, the first the schema reported for it. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Maps a schema's issues to `{ field: message }`, so a form can show the spec's message under
 * each field (spec point 5). The messages are the schema's own, from `@clerkly/contracts`.
 */
export const zodValidate =
  (schema: z.ZodType) =>
  (values: unknown): FieldErrors => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= issue.message;
    }
    return errors;
  };

/** `value`, `onChange` and `error` for a TextInput, PasswordInput or Textarea. */
export type TextFieldProps = {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
};

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

export type ZodForm<Values, Output> = {
  values: Values;
  errors: FieldErrors;
  setFieldValue: <K extends keyof Values & string>(field: K, value: Values[K]) => void;
  setErrors: (errors: FieldErrors) => void;
  textInputProps: (field: StringKeys<Values>) => TextFieldProps;
  /** A submit handler that validates first and hands `onValid` the parsed values. */
  onSubmit: (onValid: (data: Output) => void) => (event: FormEvent<HTMLFormElement>) => void;
  /** Back to the initial values, or to `values`, with no messages. */
  reset: (values?: Values) => void;
};

/**
 * Controlled form state validated by a shared zod schema (forms use the contracts' schemas). Fields are checked on submit; after a failed submit every change
 * re-validates, so a message disappears as soon as the user fixes the field.
 */
export function useZodForm<Output, Values extends object>({
  schema,
  initialValues,
}: {
  schema: z.ZodType<Output>;
  initialValues: Values;
}): ZodForm<Values, Output> {
  const [initial] = useState(initialValues);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [validateOnChange, setValidateOnChange] = useState(false);
  const validate = zodValidate(schema);

  const setFieldValue = <K extends keyof Values & string>(field: K, value: Values[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (validateOnChange) {
      // The edited field and the fields already showing a message follow the edit (fixing
      // "Password" can clear "The passwords do not match"); untouched fields stay quiet.
      const fresh = validate(next);
      setErrors((current) => {
        const updated: FieldErrors = { [field]: fresh[field] };
        for (const key of Object.keys(current)) {
          if (current[key] !== undefined) updated[key] = fresh[key];
        }
        return updated;
      });
    }
  };

  const textInputProps = (field: StringKeys<Values>) => ({
    value: values[field] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setFieldValue(field, event.currentTarget.value as Values[typeof field]),
    error: errors[field],
  });

  const onSubmit = (onValid: (data: Output) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = schema.safeParse(values);
    if (result.success) {
      setErrors({});
      onValid(result.data);
      return;
    }
    setErrors(validate(values));
    setValidateOnChange(true);
  };

  const reset = useCallback(
    (to: Values = initial) => {
      setValues(to);
      setErrors({});
      setValidateOnChange(false);
    },
    [initial],
  );

  return { values, errors, setFieldValue, setErrors, textInputProps, onSubmit, reset };
}
