import { API_PATHS, NOTE_EXPORT_MEDIA, type NoteExportFormat } from '@clerkly/contracts';
import { apiClient } from '../../../lib/api-client';

/** The file of a saved note (issue 28), made by the server on demand; nothing is kept. */
export async function fetchNoteFile(
  sessionId: number,
  templateId: number,
  format: NoteExportFormat,
) {
  const file = await apiClient.getFile(API_PATHS.noteExport(sessionId, templateId, format));
  return {
    blob: file.blob,
    fileName: file.fileName ?? `note.${NOTE_EXPORT_MEDIA[format].extension}`,
  };
}

/** Saves a blob under a name through a temporary link, as a download the browser announces. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the download by the next task; the object URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
