/** "26 November 2026": the date as a letter or certificate writes it, in UTC like the API. */
export function formatLetterDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
