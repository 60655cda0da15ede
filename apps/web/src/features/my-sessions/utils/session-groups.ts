import type { SavedSessionSummary } from '@clerkly/contracts';

/** A saved note as the list shows it: its button, and what opening it needs (issue 13). */
export type SessionNoteRef = {
  id: number;
  sessionId: number;
  templateId: number;
  TemplateName: string;
  /** The patient name as entered for the note's session. */
  firstName: string;
  /** The note's session (ISO date-time). */
  createdAt: string;
};

/** One row of My Sessions: a patient's notes of one day (spec point 3 "Saved-notes list item"). */
export type SessionGroup = {
  /** Stable across refetches: the patient and the day. */
  key: string;
  /** As entered for the group's latest session. */
  patientName: string;
  /** The group's latest consultation (ISO date-time). */
  createdAt: string;
  /** Newest session first; a session's notes in the server's template order. */
  notes: SessionNoteRef[];
};

/** Names typed with different case or spacing are the same patient. */
const patientKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Midnight of the note's day in the user's time zone, as a number to compare. */
function localDayStart(iso: string): number {
  const date = new Date(iso);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

type Candidate = { day: number; latest: number; group: SessionGroup };

/** The notes of saved sessions (the paged list's items), one entry per note. */
export const notesOfSessions = (sessions: readonly SavedSessionSummary[]): SessionNoteRef[] =>
  sessions.flatMap((session) =>
    session.notes.map((note) => ({
      ...note,
      sessionId: session.sessionId,
      firstName: session.firstName,
      createdAt: session.createdAt,
    })),
  );

/**
 * Spec point 3: saved notes grouped per patient name and day; only the latest group of each
 * name is shown, newest first. One pass over the notes, so thousands stay cheap; the server's
 * order is not relied on. Patient names are sealed with a random IV in the database, so this
 * grouping by name cannot run in SQL (docs/decisions/009): it runs over the pages loaded so far.
 */
export function latestSessionPerPatient(notes: readonly SessionNoteRef[]): SessionGroup[] {
  const byPatient = new Map<string, Candidate>();

  for (const note of notes) {
    const name = patientKey(note.firstName);
    const time = Date.parse(note.createdAt);
    const day = localDayStart(note.createdAt);
    const current = byPatient.get(name);

    if (!current || day > current.day) {
      byPatient.set(name, {
        day,
        latest: time,
        group: {
          key: `${name}|${day}`,
          patientName: note.firstName.trim(),
          createdAt: note.createdAt,
          notes: [note],
        },
      });
    } else if (day === current.day) {
      current.group.notes.push(note);
      if (time > current.latest) {
        current.latest = time;
        current.group.createdAt = note.createdAt;
        current.group.patientName = note.firstName.trim();
      }
    }
    // An earlier day of a patient already seen is not shown.
  }

  const candidates = [...byPatient.values()];
  for (const { group } of candidates) {
    group.notes.sort(
      (a, b) =>
        Date.parse(b.createdAt) - Date.parse(a.createdAt) ||
        b.sessionId - a.sessionId ||
        a.templateId - b.templateId ||
        a.id - b.id,
    );
  }
  return candidates
    .sort((a, b) => b.latest - a.latest || a.group.key.localeCompare(b.group.key))
    .map(({ group }) => group);
}

/** The name search of My Sessions: a case-insensitive part of the patient name. */
export function filterByPatientName(groups: readonly SessionGroup[], search: string) {
  const wanted = patientKey(search);
  if (wanted === '') return [...groups];
  return groups.filter((group) => patientKey(group.patientName).includes(wanted));
}

/** Spec point 9: dates shown en-US short with hour and minute, e.g. "3/14/25, 9:05 AM". */
export const formatSessionDate = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'short', timeStyle: 'short' });
