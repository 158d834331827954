// The one place numbers, money and dates become Spanish text (es-ES, Intl): every screen and
// document formats through here, so the same amount or date never prints two ways.

// es-ES does not group four-digit numbers by default ('1234,56 €'); 'always' (ES2023, in every
// current browser; not yet in this project's TypeScript lib) gives '1.234,56 €'.
const ALWAYS_GROUP = { useGrouping: 'always' } as unknown as Intl.NumberFormatOptions;

const euroFormat = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR', ...ALWAYS_GROUP });
const roundEuroFormat = new Intl.NumberFormat('es-ES', {
  style: 'currency',
  currency: 'EUR',
  maximumFractionDigits: 0,
  ...ALWAYS_GROUP,
});
const decimalFormat = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2, ...ALWAYS_GROUP });
const formats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let format = formats.get(key);
  if (!format) {
    format = make();
    formats.set(key, format);
  }
  return format as F;
}

/** Shown where a value is not known (yet). */
export const MISSING = '—';

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1234.56 → '1.234,56 €' (thousands always grouped); not a number → '—'. */
export function formatEuros(euros: unknown): string {
  return isNumber(euros) ? euroFormat.format(euros) : MISSING;
}

/** 123456 cents → '1.234,56 €'. */
export function formatCents(cents: number): string {
  return formatEuros(cents / 100);
}

/** Whole euros, for chart axes: 1234.56 → '1.235 €'. */
export function formatEurosShort(euros: number): string {
  return isNumber(euros) ? roundEuroFormat.format(euros) : MISSING;
}

/** 2.5 → '2,5'; null → '—'. */
export function formatDecimal(value: number | null | undefined): string {
  return isNumber(value) ? decimalFormat.format(value) : MISSING;
}

export interface NumberStyle {
  /** At most this many decimals (3, as Intl). */
  decimals?: number;
  /** Always exactly `decimals` decimals: 4 → '4,0'. */
  fixed?: boolean;
  /** Group four-digit numbers too ('1.500'); es-ES, like the RAE, groups from five digits. */
  grouped?: boolean;
}

/** 12345 → '12.345', 1500 → '1500'; 2.25 with { decimals: 1 } → '2,3'. */
export function formatNumber(n: number, { decimals = 3, fixed = false, grouped = false }: NumberStyle = {}): string {
  const format = cached(
    `n${decimals}${fixed}${grouped}`,
    () =>
      new Intl.NumberFormat('es-ES', {
        maximumFractionDigits: decimals,
        minimumFractionDigits: fixed ? decimals : 0,
        ...(grouped ? ALWAYS_GROUP : {}),
      }),
  );
  return format.format(n);
}

/** A count with its noun: (1, 'amigo', 'amigos') → '1 amigo', (1500, …) → '1.500 amigos'. */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${formatNumber(n, { decimals: 0, grouped: true })} ${n === 1 ? singular : plural}`;
}

/** An average of 1 to 5 stars: 4.87 → '4,9 / 5' (always one decimal, so 5 reads '5,0 / 5'); none → '—'. */
export function formatRating(average: number | null | undefined): string {
  return isNumber(average) ? `${formatNumber(average, { decimals: 1, fixed: true })} / 5` : MISSING;
}

/** 0.125 → '12,5 %' (at most `decimals` decimals). */
export function formatPercent(fraction: number, decimals = 1): string {
  if (!isNumber(fraction)) return MISSING;
  const format = cached(
    `p${decimals}`,
    () => new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: decimals }),
  );
  return format.format(fraction);
}

/**
 * An instant on the viewer's clock: '9 mar 2026, 11:15' (with `seconds`, '9 mar 2026, 11:15:00';
 * with `shortDate`, '9/3/26, 11:15:00'). Not an instant → the text back.
 */
export function formatDateTime(iso: string, { seconds = false, shortDate = false } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = cached(
    `d${seconds}${shortDate}`,
    () =>
      new Intl.DateTimeFormat('es-ES', {
        dateStyle: shortDate ? 'short' : 'medium',
        timeStyle: seconds ? 'medium' : 'short',
      }),
  );
  return format.format(date);
}

/** The time of day of an instant on the viewer's clock: '9:15'. Not an instant → the text back. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return cached('t', () => new Intl.DateTimeFormat('es-ES', { timeStyle: 'short' })).format(date);
}

/** An instant on the viewer's clock, date first: '12 de marzo de 2026' and the time (with `numeric`, the date
 * alone: '12/3/2026'). Not an instant → the text back. */
export function formatInstantDate(iso: string, { numeric = false } = {}): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const format = cached(`i${numeric}`, () =>
    numeric
      ? new Intl.DateTimeFormat('es-ES')
      : new Intl.DateTimeFormat('es-ES', {
          day: 'numeric',
          month: 'long',
          year: 'numeric',
          hour: '2-digit',
          minute: '2-digit',
        }),
  );
  return format.format(date);
}

/** How a calendar date can read, for 9 March 2026. */
const CALENDAR_STYLES = {
  /** 'lun, 9 mar 2026': the staff's lists and cards. */
  short: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** '9 de marzo de 2026'. */
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 'lunes, 9 de marzo de 2026'. */
  longWithWeekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** '9 mar': a chart's day or week. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** 'mar 2026': a chart's month. */
  monthYear: { month: 'short', year: 'numeric' },
  /** 'marzo de 2026'. */
  longMonth: { month: 'long', year: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

function calendarDate(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso.trim());
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date ('2026-03-09', read on the local calendar: no time-zone shift) in one of the styles;
 * not a date → the text back. */
export function formatCalendarDate(iso: string, style: keyof typeof CALENDAR_STYLES): string {
  const date = calendarDate(iso);
  if (!date) return iso;
  return cached(`c${style}`, () => new Intl.DateTimeFormat('es-ES', CALENDAR_STYLES[style])).format(date);
}

/** '2026-03-09' → 'lun, 9 mar 2026'. */
export function formatDate(isoDate: string): string {
  return formatCalendarDate(isoDate, 'short');
}

/** '2026-03-09' → '9 de marzo de 2026'; nothing → '—'. */
export function formatLongDate(iso: string | null | undefined): string {
  return iso ? formatCalendarDate(iso, 'long') : MISSING;
}

/** '2026-03-09' → 'lunes, 9 de marzo de 2026'; nothing → '—'. */
export function formatLongDateWithWeekday(iso: string | null | undefined): string {
  return iso ? formatCalendarDate(iso, 'longWithWeekday') : MISSING;
}

/** Empty text → '—'. */
export function orMissing(text: string | null | undefined): string {
  return text === null || text === undefined || String(text).trim() === '' ? MISSING : String(text);
}

/** '245 KB', '1,2 MB': the CV's size as the applicant and the manager read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(Math.max(1, Math.round(bytes / 1024)), { decimals: 1 })} KB`;
  return `${formatNumber(bytes / (1024 * 1024), { decimals: 1 })} MB`;
}
