import { formatDate, formatDateTime } from '@dispatch/domain';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** The browser's own time zone: where no organization is open (a receiver's signing page, the admin area). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const TimeZoneContext = createContext<string | null>(null);

/** Dates under it read in the organization's time zone (docs/decisions.md, "Dates as people read them"). */
export function OrganizationTimeZone({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={timeZone}>{children}</TimeZoneContext.Provider>;
}

/** The one date style, in the open organization's time zone: "Nov 27, 2026" and "Nov 27, 2026, 3:19 PM". */
export function useDates() {
  const timeZone = useContext(TimeZoneContext) ?? browserTimeZone();
  return useMemo(
    () => ({
      timeZone,
      date: (value: string | Date) => formatDate(value, timeZone),
      dateTime: (value: string | Date) => formatDateTime(value, timeZone),
    }),
    [timeZone],
  );
}
