import type { GeneratedNoteOutput, UpdatePatientSessionInput } from '@clerkly/contracts';

/**
 * Spec point 3 "Generated notes entry": templateId, output, and outputObj (a copy of the entry
 * carrying the edited output). `typing` asks the notes view for the typing effect once.
 */
export type GeneratedNote = GeneratedNoteOutput & {
  outputObj?: { templateId: number; output: string };
  typing: boolean;
};

/** Template ids reach the editor as strings (tab values); the spec compares them as integers. */
export function sameTemplateId(a: number | string, b: number | string): boolean {
  const left = typeof a === 'number' ? a : Number.parseInt(a, 10);
  const right = typeof b === 'number' ? b : Number.parseInt(b, 10);
  return Number.isInteger(left) && left === right;
}

/**
 * Spec point 4 "Notes editor": Update replaces the output of the entry whose templateId matches
 * the editor's; with no match nothing changes (`null`), and the editor stays open.
 */
export function replaceNoteOutput(
  notes: readonly GeneratedNote[],
  templateId: number | string,
  output: string,
): GeneratedNote[] | null {
  const index = notes.findIndex((note) => sameTemplateId(note.templateId, templateId));
  if (index === -1) return null;
  return notes.map((note, position) =>
    position === index
      ? {
          ...note,
          output,
          outputObj: { templateId: note.templateId, output },
          notices: undefined,
          typing: false,
        }
      : note,
  );
}

/** Fresh outputs from the server, shown with the typing effect. */
export const fromOutputs = (outputs: readonly GeneratedNoteOutput[]): GeneratedNote[] =>
  outputs.map((output) => ({ ...output, typing: true }));

/**
 * Outputs for more templates join the list; an output for a template already shown replaces
 * that entry in place.
 */
export function mergeOutputs(
  notes: readonly GeneratedNote[],
  outputs: readonly GeneratedNoteOutput[],
): GeneratedNote[] {
  const merged = [...notes];
  for (const output of fromOutputs(outputs)) {
    const index = merged.findIndex((note) => sameTemplateId(note.templateId, output.templateId));
    if (index === -1) merged.push(output);
    else merged[index] = output;
  }
  return merged;
}

/** Whether two lists hold the same notes (template and text), whatever else differs. */
export const sameOutputs = (a: readonly GeneratedNote[], b: readonly GeneratedNote[]): boolean =>
  a.length === b.length &&
  a.every(
    (note, index) => note.templateId === b[index]?.templateId && note.output === b[index]?.output,
  );

/** The body of `PATCH /api/patient-sessions/{id}` (spec point 3 "Session update"). */
export function toSessionUpdate({
  notes,
  sessionId,
  durationSeconds,
  transcribedText,
  baseVersion,
}: {
  notes: readonly GeneratedNote[];
  sessionId: number;
  durationSeconds: number;
  transcribedText: string;
  /** The version of the session this copy is based on (a stale one gets 409). */
  baseVersion: number;
}): UpdatePatientSessionInput {
  return {
    notes: notes.map((note) => ({
      notesContent: note.output,
      patientSessionId: sessionId,
      templateId: note.templateId,
    })),
    duration: Math.max(0, Math.round(durationSeconds)),
    transcribedText,
    baseVersion,
  };
}
