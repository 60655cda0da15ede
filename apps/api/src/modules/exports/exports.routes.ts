import {
  NOTE_EXPORT_MEDIA,
  apiErrorSchema,
  noteExportParamsSchema,
  sessionBundleParamsSchema,
  type NoteExportFormat,
} from '@clerkly/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportedNotes, type ExportedNote } from './exports.service';
import { formatLetterDate } from './letter-date';
import { noteDocx } from './note-docx';
import { noteDocumentReference, sessionBundle } from './note-fhir';
import { notePdf } from './note-pdf';

const errors = { 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const render: Record<NoteExportFormat, (note: ExportedNote) => Promise<Buffer | string>> = {
  pdf: notePdf,
  docx: noteDocx,
  'document-reference': async (note) => JSON.stringify(noteDocumentReference(note)),
};

/** "SOAP Note 26 November 2026.pdf": the template and date, never the patient's name. */
function attachment(note: ExportedNote, extension: string) {
  const name = `${note.template.name} ${formatLetterDate(note.consultedAt)}.${extension}`;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Notes into the record (issue 28, docs/decisions/021): a saved note as PDF, Word or a FHIR R4
 * DocumentReference, a saved session as a FHIR document Bundle. Made on each request, never
 * stored; only the owner gets them (404 for anyone else), and each leaves a `note.exported` event.
 */
const exportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const { db } = app.database;

  app.get(
    '/api/patient-sessions/:id/notes/:templateId/:format',
    {
      schema: {
        tags: ['exports'],
        params: noteExportParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { id, templateId, format } = request.params;
      const [note] = await exportedNotes(db, app.cipher, request.user!.id, id, templateId);
      const media = NOTE_EXPORT_MEDIA[format];
      return reply
        .header('content-type', media.contentType)
        .header('content-disposition', attachment(note!, media.extension))
        .header('cache-control', 'no-store')
        .send(await render[format](note!));
    },
  );

  app.get(
    '/api/patient-sessions/:id/fhir-bundle',
    {
      schema: {
        tags: ['exports'],
        params: sessionBundleParamsSchema,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const notes = await exportedNotes(db, app.cipher, request.user!.id, request.params.id);
      return reply
        .header('content-type', 'application/fhir+json')
        .header('cache-control', 'no-store')
        .send(JSON.stringify(sessionBundle(notes)));
    },
  );
};

export default exportsRoutes;
