import { CLINIC_ROLES, canManageClinic, type Clinic, type ClinicRole } from '@clerkly/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { PageSkeleton } from '../../../components/page-skeleton';
import { paths } from '../../../config/paths';
import { useAuth } from '../../../lib/auth/use-auth';
import { useMyClinic } from '../../../lib/clinic/my-clinic';
import { errorMessage } from '../../../lib/error-message';
import { usePageTitle } from '../../../lib/use-page-title';
import {
  useCancelInvitation,
  useChangeRole,
  useClinicInvitations,
  useClinicRetention,
  useClinicTemplates,
  useCreateClinic,
  useInvite,
  useLeaveClinic,
  useRemoveMember,
  useSetClinicRetention,
  useShareTemplate,
  useShareableTemplates,
  useUnshareTemplate,
} from '../api/clinic';
import { RetentionSetting } from '../components/retention-setting';

const ROLE_LABELS: Record<ClinicRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  clinician: 'Clinician',
};
const roleOptions = CLINIC_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const failed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });

function CreateClinic() {
  const [name, setName] = useState('');
  const create = useCreateClinic();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(name, { onError: (error) => failed(error, 'The clinic could not be created.') });
  };
  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} aria-labelledby="create-clinic">
      <Title order={2} size="h3" id="create-clinic" mb="xs">
        Create a clinic
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Invite your colleagues, share templates with them and see the clinic&apos;s activity. You
        become the clinic&apos;s owner.
      </Text>
      <Group align="end">
        <TextInput
          label="Clinic name"
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Button type="submit" loading={create.isPending}>
          Create clinic
        </Button>
      </Group>
    </Paper>
  );
}

function Members({ clinic, userId }: { clinic: Clinic; userId: string }) {
  const manager = canManageClinic(clinic.role);
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="clinic-members">
      <Title order={2} size="h3" id="clinic-members" mb="md">
        Members
      </Title>
      {/* On a phone the table scrolls sideways inside the card, not the page. */}
      <Table.ScrollContainer
        minWidth={560}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Members, scrolls sideways"
      >
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>E-mail</Table.Th>
              <Table.Th>Role</Table.Th>
              {manager && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clinic.members.map((member) => (
              <Table.Tr key={member.userId}>
                <Table.Td>{member.name}</Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>
                  {manager && member.userId !== userId ? (
                    <Select
                      aria-label={`Role of ${member.name}`}
                      data={roleOptions}
                      value={member.role}
                      allowDeselect={false}
                      onChange={(role) =>
                        role &&
                        changeRole.mutate(
                          { userId: member.userId, role },
                          { onError: (error) => failed(error, 'The role could not be changed.') },
                        )
                      }
                    />
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </Table.Td>
                {manager && (
                  <Table.Td>
                    {member.userId !== userId && (
                      <Button
                        variant="light"
                        color="red"
                        size="xs"
                        aria-label={`Remove ${member.name}`}
                        onClick={() =>
                          remove.mutate(member.userId, {
                            onSuccess: () =>
                              notifications.show({
                                color: 'green',
                                message: `${member.name} was removed from the clinic.`,
                              }),
                            onError: (error) => failed(error, 'The member could not be removed.'),
                          })
                        }
                      >
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function Invite({ clinic }: { clinic: Clinic }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ClinicRole>('clinician');
  const invite = useInvite();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: `Invitation sent to ${email}.` });
          setEmail('');
        },
        onError: (error) => failed(error, 'The invitation could not be sent.'),
      },
    );
  };
  const roles =
    clinic.role === 'owner' ? roleOptions : roleOptions.filter((o) => o.value !== 'owner');
  return (
    <Paper withBorder p="lg" component="form" onSubmit={submit} aria-labelledby="clinic-invite">
      <Title order={2} size="h3" id="clinic-invite" mb="md">
        Invite a colleague
      </Title>
      <Group align="end">
        <TextInput
          label="E-mail address"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Select
          label="Role"
          data={roles}
          value={role}
          allowDeselect={false}
          onChange={(value) => value && setRole(value)}
        />
        <Button type="submit" loading={invite.isPending}>
          Send invitation
        </Button>
      </Group>
    </Paper>
  );
}

/** Invitations whose link still works, each of which an owner or admin may withdraw. */
function PendingInvitations({ clinic }: { clinic: Clinic }) {
  const invitations = useClinicInvitations(true);
  const cancel = useCancelInvitation();
  const pending = invitations.data ?? [];
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="clinic-invitations">
      <Title order={2} size="h3" id="clinic-invitations" mb="md">
        Pending invitations
      </Title>
      {invitations.isError && (
        <Alert color="red">The pending invitations could not be loaded.</Alert>
      )}
      {invitations.isSuccess && pending.length === 0 && (
        <Text size="sm">No invitation is waiting for an answer.</Text>
      )}
      <Stack gap="xs">
        {pending.map((invitation) => (
          <Group key={invitation.id} justify="space-between" wrap="wrap">
            <div>
              <Text>{invitation.email}</Text>
              <Text size="sm" c="dimmed">
                {ROLE_LABELS[invitation.role]} · link works until{' '}
                {new Date(invitation.expiresAt).toLocaleString()}
              </Text>
            </div>
            {/* Only an owner withdraws an invitation to become an owner, as only an owner sends one. */}
            {(invitation.role !== 'owner' || clinic.role === 'owner') && (
              <Button
                size="xs"
                variant="light"
                color="red"
                aria-label={`Cancel the invitation to ${invitation.email}`}
                loading={cancel.isPending && cancel.variables === invitation.id}
                onClick={() =>
                  cancel.mutate(invitation.id, {
                    onSuccess: () =>
                      notifications.show({
                        color: 'green',
                        message: `The invitation to ${invitation.email} was cancelled; its link no longer works.`,
                      }),
                    onError: (error) => failed(error, 'The invitation could not be cancelled.'),
                  })
                }
              >
                Cancel
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

/** Any member leaves, after saying so; the server refuses the last owner with its reason. */
function LeaveClinic({ clinic }: { clinic: Clinic }) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveClinic();
  const confirm = () =>
    leave.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', message: `You left ${clinic.name}.` });
      },
    });
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="clinic-leave">
      <Title order={2} size="h3" id="clinic-leave" mb="xs">
        Leave the clinic
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        You lose the clinic&apos;s shared templates at once; your own sessions stay yours.
      </Text>
      <Button
        color="red"
        variant="light"
        onClick={() => {
          leave.reset();
          setConfirming(true);
        }}
      >
        Leave clinic
      </Button>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Leave ${clinic.name}?`}
        centered
      >
        <Stack>
          <Text>
            You will no longer see the clinic&apos;s templates, members or audit. To come back, you
            need a new invitation.
          </Text>
          {leave.isError && (
            <Alert color="red" role="alert">
              {errorMessage(leave.error, 'You could not leave the clinic. Try again.')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Stay
            </Button>
            <Button color="red" onClick={confirm} loading={leave.isPending}>
              Leave clinic
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function SharedTemplates({ clinic, cognitoId }: { clinic: Clinic; cognitoId: string }) {
  const manager = canManageClinic(clinic.role);
  const shared = useClinicTemplates(true);
  const shareable = useShareableTemplates(cognitoId, manager);
  const share = useShareTemplate();
  const unshare = useUnshareTemplate();
  const [choice, setChoice] = useState<string | null>(null);
  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="clinic-templates">
      <Title order={2} size="h3" id="clinic-templates" mb="xs">
        Clinic Templates
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Every member can use these in a consultation and copy them; only owners and admins change
        what is shared.
      </Text>
      <Stack gap="xs" mb="md">
        {(shared.data ?? []).map((template) => (
          <Group key={template.id} justify="space-between">
            <Text>{template.name}</Text>
            {manager && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Stop sharing ${template.name}`}
                onClick={() =>
                  unshare.mutate(template.id, {
                    onError: (error) => failed(error, 'The template could not be unshared.'),
                  })
                }
              >
                Stop sharing
              </Button>
            )}
          </Group>
        ))}
        {shared.data?.length === 0 && <Text size="sm">No templates are shared yet.</Text>}
      </Stack>
      {manager && (
        <Group align="end">
          <Select
            label="Template to share"
            searchable
            data={(shareable.data ?? []).map((t) => ({
              value: String(t.id),
              label: t.own ? `${t.name} (yours)` : t.name,
            }))}
            value={choice}
            onChange={setChoice}
          />
          <Button
            disabled={!choice}
            loading={share.isPending}
            onClick={() =>
              choice &&
              share.mutate(Number(choice), {
                onSuccess: () => setChoice(null),
                onError: (error) => failed(error, 'The template could not be shared.'),
              })
            }
          >
            Share with the clinic
          </Button>
        </Group>
      )}
    </Paper>
  );
}

function Retention({ clinic }: { clinic: Clinic }) {
  const retention = useClinicRetention(true);
  const change = useSetClinicRetention();
  if (retention.isError) {
    return <Alert color="red">The retention setting could not be loaded.</Alert>;
  }
  if (!retention.data) return null;
  return (
    <RetentionSetting
      status={retention.data}
      canChange={clinic.role === 'owner'}
      pending={change.isPending}
      onChange={(value) =>
        change.mutate(value, {
          onError: (error) => failed(error, 'The retention setting could not be changed.'),
        })
      }
    />
  );
}

/** /clinic (issue 29): create a clinic, or its members, invitations and shared templates. */
export function ClinicPage() {
  usePageTitle('Clinic');
  const { user } = useAuth();
  const clinic = useMyClinic();

  if (clinic.isError) {
    return (
      <Alert color="red" title="Your clinic could not be loaded">
        <Button variant="light" color="red" mt="xs" onClick={() => void clinic.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (clinic.isPending) return <PageSkeleton label="Loading your clinic…" />;
  if (!clinic.data) {
    return (
      <Stack gap="lg" maw={900}>
        <Title order={1}>Clinic</Title>
        <CreateClinic />
      </Stack>
    );
  }
  const current = clinic.data;
  return (
    <Stack gap="lg" maw={900}>
      <Group justify="space-between" align="center">
        <Title order={1}>{current.name}</Title>
        {canManageClinic(current.role) && (
          <Anchor component={Link} to={paths.clinicAudit}>
            Audit
          </Anchor>
        )}
      </Group>
      <Text>Your role: {ROLE_LABELS[current.role]}</Text>
      <Members clinic={current} userId={user?.cognitoId ?? ''} />
      {canManageClinic(current.role) && <Invite clinic={current} />}
      {canManageClinic(current.role) && <PendingInvitations clinic={current} />}
      <SharedTemplates clinic={current} cognitoId={user?.cognitoId ?? ''} />
      {canManageClinic(current.role) && <Retention clinic={current} />}
      <LeaveClinic clinic={current} />
    </Stack>
  );
}
