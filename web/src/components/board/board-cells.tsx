/** Cell contents the trucks and loads tables show alike. */
import { formatPhone, phoneHref } from '@dispatch/domain';
import { relativeTime } from '../../lib/dates';
import { useDates } from '../../lib/organization-dates';

/** A phone number as people read it, "(312) 555-0199", that dials its E.164 form on a tap. */
export function PhoneLink({ countryCode, number }: { countryCode: string; number: string }) {
  return (
    <a
      href={phoneHref(countryCode, number)}
      className="whitespace-nowrap text-xs text-muted-foreground tabular-nums hover:text-foreground"
    >
      {formatPhone(countryCode, number)}
    </a>
  );
}

/** Who to call: a name and the number, on one line. */
export function ContactCell({
  name,
  countryCode,
  number,
}: {
  name: string;
  countryCode: string;
  number: string;
}) {
  return (
    <span className="whitespace-nowrap">
      {name} <PhoneLink countryCode={countryCode} number={number} />
    </span>
  );
}

/** A moment as "5 minutes ago", the full date on hover. */
export function RelativeTime({ at, now }: { at: string; now: Date }) {
  const dates = useDates();
  return (
    <time dateTime={at} title={dates.dateTime(at)}>
      {relativeTime(at, now)}
    </time>
  );
}
