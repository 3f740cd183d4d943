import { useDates } from '../../../lib/organization-dates';
import { postingAge } from '../posting-age';

/** A posting's age, from its last refresh, ticking with the board's clock; the instants in its title. */
export function PostingAge({
  posting,
  now,
}: {
  posting: { createdAt: string; refreshedAt?: string; expiresAt?: string };
  now: Date;
}) {
  const dates = useDates();
  const refreshedAt = posting.refreshedAt ?? posting.createdAt;
  const title = [
    `Posted ${dates.dateTime(posting.createdAt)}`,
    posting.refreshedAt && posting.refreshedAt !== posting.createdAt
      ? `refreshed ${dates.dateTime(posting.refreshedAt)}`
      : null,
    posting.expiresAt ? `expires ${dates.dateTime(posting.expiresAt)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <time dateTime={refreshedAt} title={title} data-age>
      {postingAge(refreshedAt, now)}
    </time>
  );
}
