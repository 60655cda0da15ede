import type { SavedNotesRange } from '../api/get-saved-sessions';

const DATE_INPUT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `<input type="date">` value (YYYY-MM-DD) as a local calendar date, or null. */
function parseDateInput(value: string): { year: number; month: number; day: number } | null {
  const match = DATE_INPUT.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  // Rejects 2025-02-30 and friends, which Date would roll over into March.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  return { year, month, day };
}

/** Whether the date filter is complete and in order: Apply Filter is enabled only then. */
export function isRangeComplete(fromDate: string, toDate: string): boolean {
  return parseDateInput(fromDate) !== null && parseDateInput(toDate) !== null && fromDate <= toDate;
}

/**
 * The From and To dates of My Sessions as the API's range: from the start of From to the end of
 * To (spec point 5: "To is extended to 23:59:59 of that day"), in the user's time zone.
 */
export function toSavedNotesRange(fromDate: string, toDate: string): SavedNotesRange | null {
  const from = parseDateInput(fromDate);
  const to = parseDateInput(toDate);
  if (!from || !to || fromDate > toDate) return null;
  return {
    from: new Date(from.year, from.month - 1, from.day, 0, 0, 0, 0).toISOString(),
    to: new Date(to.year, to.month - 1, to.day, 23, 59, 59, 999).toISOString(),
  };
}
