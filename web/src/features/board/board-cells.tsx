/** Cell contents the trucks and loads tables show alike. */
import { relativeTime } from '../../lib/dates';

/** A phone number that dials on a tap. */
export function PhoneLink({ countryCode, number }: { countryCode: string; number: string }) {
  return (
    <a
      href={`tel:${countryCode}${number}`}
      className="whitespace-nowrap text-xs text-muted-foreground tabular-nums hover:text-foreground"
    >
      {countryCode} {number}
    </a>
  );
}

/** Who to call: a name over the number. */
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
    <div className="flex flex-col">
      <span className="whitespace-nowrap">{name}</span>
      <PhoneLink countryCode={countryCode} number={number} />
    </div>
  );
}

/** A moment as "5 minutes ago", the full date on hover. */
export function RelativeTime({ at, now }: { at: string; now: Date }) {
  return (
    <time dateTime={at} title={new Date(at).toLocaleString()}>
      {relativeTime(at, now)}
    </time>
  );
}
