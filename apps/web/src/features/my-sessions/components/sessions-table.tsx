import { Button, Group, Table } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IconFileText } from '@tabler/icons-react';
import { formatSessionDate, type SessionGroup, type SessionNoteRef } from '../utils/session-groups';

type SessionsTableProps = {
  groups: readonly SessionGroup[];
  onOpenNote: (note: SessionNoteRef) => void;
  /**
   * A row to move focus to once it is shown (the first one "Load more sessions" added); it stays
   * focusable from script (tabindex -1) so the focus is not dropped again on the next render.
   */
  focusRow?: number | null;
};

/**
 * Spec point 2 "My Sessions": columns Date, Patient Name, Notes; one button per note.
 * Issue 14: no minimum width and fixed columns from the small breakpoint up only, so on a phone
 * the table fits without horizontal scrolling; long template names wrap inside their button.
 */
export function SessionsTable({ groups, onOpenNote, focusRow = null }: SessionsTableProps) {
  const rowToFocus = useRef<HTMLTableRowElement>(null);
  const focused = useRef<number | null>(null);
  useEffect(() => {
    if (focusRow === null) focused.current = null;
    if (focusRow === null || focused.current === focusRow || !rowToFocus.current) return;
    focused.current = focusRow;
    rowToFocus.current.focus();
  }, [focusRow, groups.length]);

  return (
    <Table.ScrollContainer minWidth={0}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Patient sessions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={{ base: undefined, sm: 180 }}>Date</Table.Th>
            <Table.Th w={{ base: undefined, sm: 240 }}>Patient Name</Table.Th>
            <Table.Th>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((group, index) => (
            <Table.Tr
              key={group.key}
              ref={index === focusRow ? rowToFocus : undefined}
              tabIndex={index === focusRow ? -1 : undefined}
            >
              <Table.Td>{formatSessionDate(group.createdAt)}</Table.Td>
              <Table.Td>{group.patientName}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {group.notes.map((note) => (
                    <Button
                      key={note.id}
                      size="compact-sm"
                      h="auto"
                      mih={26}
                      styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
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
