import { STYLE_LEARNING, removeIdentifiers, type StyleProfile } from '@clerkly/contracts';
import type { Db } from '../../db/client';
import type { NoteStyle } from '../../engines/notes/note-engine';
import { parseNote, renderNoteText } from '../../engines/notes/render';
import {
  emptyLearnedStyle,
  learnFromEdit,
  learnedStyleSchema,
  stylePreferences,
  type LearnedStyle,
} from '../../engines/notes/style-learning';
import type { FieldCipher } from '../../lib/field-crypto';
import { NotFoundError } from '../../lib/http-error';
import { recordAuditEvent } from '../audit/audit.service';
import { templateVisible } from '../reference-data/templates.repository';
import {
  deleteStyleProfile,
  findStyleProfile,
  recentSavedNotes,
  writeStyleProfile,
} from './style-profiles.repository';

/**
 * Drafts that learn from edits (issue 27, item 3; docs/decisions/023): the clinician's learned
 * style per template, learned when a session is saved, read when a draft is written, shown and
 * reset on the note view. Private to the clinician: every query takes their id, and another
 * clinician's template answers 404 as if it did not exist.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const templateNotFound = () => new NotFoundError('Template not found');

function openLearned(cipher: FieldCipher, sealed: string): LearnedStyle {
  // A profile that no longer reads (a changed shape) starts again rather than failing a save or
  // a draft: what was learned is a convenience, the note is not.
  let json: unknown;
  try {
    json = JSON.parse(cipher.open(sealed));
  } catch {
    return emptyLearnedStyle();
  }
  const parsed = learnedStyleSchema.safeParse(json);
  return parsed.success ? parsed.data : emptyLearnedStyle();
}

/**
 * Learns from the notes of one save: each note saved for the first time, whose engine draft is
 * known, is compared with what the clinician saved. Runs in the save's transaction, so a refused
 * save teaches nothing; a note saved again (an edit after saving) is not learned twice.
 */
export async function learnFromSavedNotes(
  tx: Tx,
  cipher: FieldCipher,
  userId: string,
  notes: readonly { templateId: number; draftSealed: string | null; content: string }[],
): Promise<void> {
  for (const note of notes) {
    if (!note.draftSealed) continue;
    const row = await findStyleProfile(tx, userId, note.templateId, { forUpdate: true });
    const before = row ? openLearned(cipher, row.learnedSealed) : emptyLearnedStyle();
    const after = learnFromEdit(before, cipher.open(note.draftSealed), note.content);
    if (after === before) continue;
    await writeStyleProfile(tx, {
      userId,
      templateId: note.templateId,
      learnedSealed: cipher.seal(JSON.stringify(after)),
      notesLearned: after.notes,
    });
  }
}

function toStyleProfile(
  templateId: number,
  row: { learnedSealed: string; updatedAt: Date } | null,
  cipher: FieldCipher,
): StyleProfile {
  if (!row) return { templateId, notesLearned: 0, preferences: [], updatedAt: null };
  const learned = openLearned(cipher, row.learnedSealed);
  return {
    templateId,
    notesLearned: learned.notes,
    preferences: stylePreferences(learned),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getStyleProfile(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  templateId: number,
): Promise<StyleProfile> {
  if (!(await templateVisible(db, templateId, userId))) throw templateNotFound();
  return toStyleProfile(templateId, await findStyleProfile(db, userId, templateId), cipher);
}

/** Forgets what was learned: the next drafts are written the default way. */
export async function resetStyleProfile(
  db: Db,
  userId: string,
  templateId: number,
): Promise<StyleProfile> {
  if (!(await templateVisible(db, templateId, userId))) throw templateNotFound();
  await deleteStyleProfile(db, userId, templateId);
  return { templateId, notesLearned: 0, preferences: [], updatedAt: null };
}

/** Each of a patient's names, as whole words, replaced by "[name]". */
function withoutNames(text: string, names: readonly string[]): string {
  return names
    .filter((name) => name.trim().length > 1)
    .reduce(
      (out, name) =>
        out.replace(
          new RegExp(
            `(?<![\\p{L}])${name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`,
            'giu',
          ),
          '[name]',
        ),
      text,
    );
}

/**
 * What a draft of `templateId` for this clinician is written with: the learned counts, and for
 * an engine that reads examples, their most recent saved notes of the template as plain text with
 * the patient's names (known from the session) and other identifiers removed.
 */
export async function styleForDraft(
  db: Db,
  cipher: FieldCipher,
  userId: string,
  templateId: number,
  options: { examples: boolean },
): Promise<NoteStyle | undefined> {
  const row = await findStyleProfile(db, userId, templateId);
  const style: NoteStyle = {};
  if (row) style.learned = openLearned(cipher, row.learnedSealed);
  if (options.examples) {
    const recent = await recentSavedNotes(db, userId, templateId, STYLE_LEARNING.exampleNotes);
    const examples = recent
      .map((note) => {
        const text = renderNoteText(parseNote(cipher.open(note.contentSealed ?? '')));
        const names = [cipher.open(note.firstNameSealed), cipher.open(note.lastNameSealed)];
        return removeIdentifiers(withoutNames(text, names)).slice(0, STYLE_LEARNING.exampleChars);
      })
      .filter((text) => text.trim().length > 0);
    if (examples.length > 0) style.examples = examples;
    // Each saved note read and sent to the engine is a read of that session's patient data.
    if (recent.length > 0) {
      await recordAuditEvent(
        db,
        recent.map((note) => ({
          kind: 'note.style_example' as const,
          sessionId: note.sessionId,
          templateIds: [templateId],
        })),
        { userId, address: null },
      );
    }
  }
  return style.learned || style.examples ? style : undefined;
}
