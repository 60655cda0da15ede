import { describe, expect, it } from 'vitest';
import { isRangeComplete, toSavedNotesRange } from './date-range';

describe('date filter range', () => {
  it('is complete only with both dates, To not before From', () => {
    expect(isRangeComplete('', '')).toBe(false);
    expect(isRangeComplete('2025-03-01', '')).toBe(false);
    expect(isRangeComplete('', '2025-03-01')).toBe(false);
    expect(isRangeComplete('2025-03-02', '2025-03-01')).toBe(false);
    expect(isRangeComplete('2025-03-01', '2025-03-01')).toBe(true);
  });

  it('runs from the start of From to the end of To in local time', () => {
    const range = toSavedNotesRange('2025-03-01', '2025-03-04');

    expect(range).not.toBeNull();
    expect(new Date(range?.from ?? '')).toEqual(new Date(2025, 2, 1, 0, 0, 0, 0));
    // Spec point 5: To is extended to 23:59:59 of that day.
    expect(new Date(range?.to ?? '')).toEqual(new Date(2025, 2, 4, 23, 59, 59, 999));
    expect(range?.to).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('rejects impossible or reversed dates', () => {
    expect(toSavedNotesRange('2025-02-30', '2025-03-04')).toBeNull();
    expect(toSavedNotesRange('2025-03-05', '2025-03-04')).toBeNull();
    expect(toSavedNotesRange('03/01/2025', '2025-03-04')).toBeNull();
  });
});
