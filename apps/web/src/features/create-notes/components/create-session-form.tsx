import {
  DEFAULT_APPOINTMENT_TYPE_ID,
  LIMIT_ERROR_CODES,
  TOASTS,
  VALIDATION_MESSAGES,
  createPatientSessionSchema,
} from '@clerkly/contracts';
import { Button, Group, NativeSelect, Radio, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlayerPlay } from '@tabler/icons-react';
import { ApiRequestError } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/zod-form';
import { useCreatePatientSession } from '../api/create-patient-session';
import { useAppointmentTypes } from '../api/get-appointment-types';
import { useSessionDispatch, useSessionState } from '../state/session-store';
import { WarningAlert } from '../../../components/warning-alert';

/** 403 codes of the create call whose message replaces the form (spec point 8). */
const SESSION_LIMIT_CODES = new Set<string>([
  LIMIT_ERROR_CODES.trialSessionsExhausted,
  LIMIT_ERROR_CODES.upgradeRequired,
]);

const consentValue = (consent: boolean | null) =>
  consent === null ? null : consent ? 'yes' : 'no';

type CreateSessionFormProps = {
  /** The server refused a session for the account's tier: the page shows why instead. */
  onLimitReached: (message: string) => void;
};

/**
 * Stage 1 of Create Notes (spec points 2, 4 and 5): patient name, appointment type (General
 * Consult by default) and the consent question. "No" blocks the session and hides Start Session.
 */
export function CreateSessionForm({ onLimitReached }: CreateSessionFormProps) {
  const { patientConsent } = useSessionState();
  const dispatch = useSessionDispatch();
  const appointmentTypes = useAppointmentTypes();
  const createSession = useCreatePatientSession();
  const form = useZodForm({
    schema: createPatientSessionSchema,
    initialValues: {
      firstName: '',
      appointmentTypeId: String(DEFAULT_APPOINTMENT_TYPE_ID),
      patientConsent,
    },
  });

  const answerConsent = (value: string) => {
    const consent = value === 'yes';
    form.setFieldValue('patientConsent', consent);
    dispatch({ type: 'consentAnswered', consent });
  };

  const submit = form.onSubmit((input) =>
    createSession.mutate(input, {
      onSuccess: (session) =>
        dispatch({
          type: 'sessionCreated',
          session,
          patient: { name: input.firstName, appointmentTypeId: input.appointmentTypeId },
        }),
      onError: (error) => {
        if (
          error instanceof ApiRequestError &&
          error.status === 403 &&
          SESSION_LIMIT_CODES.has(error.code)
        ) {
          onLimitReached(error.message);
          return;
        }
        if (error instanceof ApiRequestError && error.fields) {
          form.setErrors({ ...error.fields });
        }
        notifications.show({ color: 'red', message: TOASTS.sessionCreationFailed });
      },
    }),
  );

  const options = (appointmentTypes.data ?? []).map((type) => ({
    value: String(type.id),
    label: type.name,
  }));
  const consentRefused = form.values.patientConsent === false;

  return (
    <form onSubmit={submit} noValidate aria-label="Create session">
      <Stack gap="md">
        <TextInput
          label="Patient Name"
          placeholder="Name as you would like to find it later"
          autoComplete="off"
          withAsterisk
          {...form.textInputProps('firstName')}
        />
        {/* The browser's own list (issue 25): a phone shows its own picker, and the first
            screen loads none of the popover, positioning and scrolling code a custom list needs
            (7 files, 35 of the page's 239 KiB of gzipped script). */}
        <NativeSelect
          label="Appointment Type"
          withAsterisk
          data={
            appointmentTypes.isPending
              ? [{ value: '', label: 'Loading appointment types…', disabled: true }]
              : options
          }
          value={appointmentTypes.isPending ? '' : form.values.appointmentTypeId}
          onChange={(event) => form.setFieldValue('appointmentTypeId', event.currentTarget.value)}
          disabled={appointmentTypes.isPending}
          error={
            form.errors.appointmentTypeId ??
            (appointmentTypes.isError ? 'Appointment types could not be loaded.' : undefined)
          }
        />
        <Radio.Group
          label="Has the patient consented to this consultation being recorded and transcribed?"
          withAsterisk
          value={consentValue(form.values.patientConsent)}
          onChange={answerConsent}
          error={consentRefused ? undefined : form.errors.patientConsent}
        >
          <Group gap="lg" mt="xs">
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </Group>
        </Radio.Group>
        {consentRefused ? (
          <WarningAlert color="red">{VALIDATION_MESSAGES.consentRequired}</WarningAlert>
        ) : (
          <Group justify="flex-end">
            <Button
              type="submit"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              loading={createSession.isPending}
            >
              Start Session
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
