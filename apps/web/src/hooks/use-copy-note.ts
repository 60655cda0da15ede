import { TOASTS } from '@clerkly/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { copyRichText } from '../lib/clipboard';
import { noteToSafeHtml, safeHtmlToPlainText } from '../lib/note-html';
import { reportNoteActivity } from '../lib/session-activity';

/** The session and template of the note being copied, for the session's audit trail. */
export type CopiedNote = { sessionId: number; templateId: number };

/**
 * Copies a note (HTML or plain text) as rich text with a plain-text fallback and says how it
 * went with the toasts of spec points 5 and 8. Shared by My Sessions and Create Notes. A copy
 * that succeeded is reported to the session's Activity (issue 23): only the browser sees it.
 */
export function useCopyNote() {
  const queryClient = useQueryClient();
  return useCallback(
    async (content: string, source?: CopiedNote) => {
      const html = noteToSafeHtml(content);
      const text = safeHtmlToPlainText(html);
      if (text === '') {
        notifications.show({ color: 'yellow', message: TOASTS.noContentToCopy });
        return;
      }
      try {
        const format = await copyRichText({ html, text });
        notifications.show({
          color: 'teal',
          message: format === 'rich' ? TOASTS.copiedRich : TOASTS.copiedPlain,
        });
      } catch (error) {
        // Logged, not thrown: the toast is the user's answer (spec point 8).
        console.warn('Copying the note failed.', error);
        notifications.show({ color: 'red', message: TOASTS.copyFailed });
        return;
      }
      if (source) {
        await reportNoteActivity(queryClient, source.sessionId, {
          kind: 'note.copied',
          templateId: source.templateId,
        });
      }
    },
    [queryClient],
  );
}
