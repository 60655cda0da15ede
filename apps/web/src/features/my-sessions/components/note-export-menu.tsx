import { EXPORT_FAILED, type NoteExportFormat } from '@clerkly/contracts';
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconChevronDown,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconJson,
  IconPrinter,
} from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { fetchNoteFile, saveBlob } from '../api/download-note';

type NoteExportMenuProps = {
  sessionId: number;
  templateId: number;
  disabled: boolean;
};

/**
 * Export of a saved note (issue 28): PDF and Word files, the FHIR R4 DocumentReference, and a
 * print-ready view (the PDF's letter layout in the browser's viewer, where Print is one key).
 * The server records each export in the session's Activity.
 */
export function NoteExportMenu({ sessionId, templateId, disabled }: NoteExportMenuProps) {
  const [busy, setBusy] = useState(false);

  const run = async (format: NoteExportFormat, view: Window | null = null) => {
    setBusy(true);
    try {
      const file = await fetchNoteFile(sessionId, templateId, format);
      if (view) view.location.href = URL.createObjectURL(file.blob);
      else saveBlob(file.blob, file.fileName);
    } catch (error) {
      view?.close();
      notifications.show({ color: 'red', message: errorMessage(error, EXPORT_FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          loading={busy}
          disabled={disabled}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Export
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconFileTypePdf size={16} aria-hidden />}
          onClick={() => void run('pdf')}
        >
          Download PDF
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileTypeDocx size={16} aria-hidden />}
          onClick={() => void run('docx')}
        >
          Download Word (.docx)
        </Menu.Item>
        <Menu.Item
          leftSection={<IconJson size={16} aria-hidden />}
          onClick={() => void run('document-reference')}
        >
          Download FHIR DocumentReference
        </Menu.Item>
        <Menu.Item
          leftSection={<IconPrinter size={16} aria-hidden />}
          // The tab opens in the click itself, so no pop-up blocker stops it; the PDF follows.
          onClick={() => void run('pdf', window.open('', '_blank'))}
        >
          Print view
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
