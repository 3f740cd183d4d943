/**
 * How people read a date, on screens, in mails and in signed documents (docs/decisions.md): short
 * month, two-digit day and year, "Nov 27, 2026"; with the time, "Nov 27, 2026, 3:19 PM". An instant
 * is shown in the organization's time zone; a calendar day (an availability date) is shown as it is.
 * CSV files and the API keep ISO 8601.
 */

const DAY = { month: 'short', day: '2-digit', year: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', hour12: true } as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: 'date' | 'dateTime', timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      'en-US',
      style === 'date' ? { ...DAY, timeZone } : { ...DAY, ...TIME, timeZone },
    );
    formatters.set(key, format);
  }
  return format;
}

const instant = (at: string | Date | number) => (at instanceof Date ? at : new Date(at));
// Intl puts a narrow no-break space before AM/PM; mails and PDFs read better with a plain one.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** The day an instant falls on in `timeZone`: "Nov 27, 2026"; '' for no valid instant. */
export function formatDate(at: string | Date | number, timeZone: string): string {
  const date = instant(at);
  return Number.isNaN(date.getTime()) ? '' : plain(formatter('date', timeZone).format(date));
}

/** An instant with its time of day in `timeZone`: "Nov 27, 2026, 3:19 PM"; '' for no valid instant. */
export function formatDateTime(at: string | Date | number, timeZone: string): string {
  const date = instant(at);
  return Number.isNaN(date.getTime()) ? '' : plain(formatter('dateTime', timeZone).format(date));
}

/** A calendar day ("2026-11-27", or the day part of an ISO instant) in the same style: "Nov 27, 2026". */
export function formatCalendarDay(isoDate: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!day) return '';
  return formatDate(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])), 'UTC');
}
