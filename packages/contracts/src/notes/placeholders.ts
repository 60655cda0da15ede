import { noteSentences } from './clinical-text';

/**
 * What an engine writes where the consultation did not state a field a document needs
 * (certificates: the period, fitness, condition, date of birth; issue 21). It is visible in the
 * note, and a note that still holds one cannot be saved: a certificate is a legal statement, so
 * the clinician fills each field or removes it, and Clerkly never supplies a default.
 */
export const FIELD_PLACEHOLDER = '[not stated]';

/** The fields of a note (its editor HTML or plain text) still holding the placeholder. */
export function unfilledFields(note: string): string[] {
  if (!note.includes(FIELD_PLACEHOLDER)) return [];
  const fields: string[] = [];
  for (const sentence of noteSentences(note)) {
    for (const line of sentence.text.split('\n')) {
      if (!line.includes(FIELD_PLACEHOLDER)) continue;
      // "Date of birth: [not stated]" names its field; otherwise the section does.
      const label = /^\s*([A-Za-z][A-Za-z /'’-]{0,40}):\s/.exec(line)?.[1]?.trim();
      const field = label ?? sentence.section ?? 'Note';
      if (!fields.includes(field)) fields.push(field);
    }
  }
  return fields.length > 0 ? fields : ['Note'];
}

/** What the clinician reads when a save is refused for them. */
export function unfilledFieldsMessage(fields: readonly string[], templateName?: string): string {
  const where = templateName ? `${templateName}: ` : '';
  return `${where}fill in ${fields.join(', ')} (still "${FIELD_PLACEHOLDER}") before saving.`;
}
