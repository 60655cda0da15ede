import type { SavedNote } from '@clerkly/contracts';
import { Button, Group, Table } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { formatSessionDate, type SessionGroup } from '../utils/session-groups';

type SessionsTableProps = {
  groups: readonly SessionGroup[];
  onOpenNote: (note: SavedNote) => void;
};

/** Spec point 2 "My Sessions": columns Date, Patient Name, Notes; one button per note. */
export function SessionsTable({ groups, onOpenNote }: SessionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Patient sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={180}>Date</Table.Th>
            <Table.Th w={240}>Patient Name</Table.Th>
            <Table.Th>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group) => (
            <Table.Tr key={group.key}>
              <Table.Td>{formatSessionDate(group.createdAt)}</Table.Td>
              <Table.Td>{group.patientName}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {group.notes.map((note) => (
                    <Button
                      key={note.id}
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconFileText size={14} aria-hidden />}
                      onClick={() => onOpenNote(note)}
                    >
                      {note.TemplateName}
                    </Button>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
