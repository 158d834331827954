// The company's calendar (Europe/Madrid), as the server keeps it (events-schema/src/calendar.rs):
// "today" decides which dates a form accepts and which moves are upcoming, and the server refuses
// a date before Madrid's today whatever the visitor's own clock says.

const madridDate = new Intl.DateTimeFormat('en-CA', {
  // en-CA writes dates as YYYY-MM-DD.
  timeZone: 'Europe/Madrid',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today on the company's calendar, as YYYY-MM-DD (comparable with a move's `fecha_programada`). */
export function companyToday(now: Date = new Date()): string {
  return madridDate.format(now);
}

/** A YYYY-MM-DD date `days` later (earlier when negative), on the calendar alone. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const shifted = new Date(Date.UTC(y!, m! - 1, d! + days));
  return shifted.toISOString().slice(0, 10);
}
