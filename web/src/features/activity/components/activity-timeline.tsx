import type { ActivityEntry } from '@dispatch/domain';
import { Link, useNavigate } from '@tanstack/react-router';
import { Filter, History } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { cn } from '../../../lib/cn';
import { useDates } from '../../../lib/organization-dates';
import { describeDevice } from '../../account';
import type { ActivitySearch } from '../activity-search';
import {
  activityActionOf,
  activityActorOf,
  boardOfKind,
  changeFieldLabel,
  changeValueText,
  isEdit,
  kindLabel,
  receiverNameOf,
} from '../activity-wording';

/** A value longer than this is cut in the row; the whole of it is in its tooltip. */
const VALUE_MAX = 120;

const linkClassName = 'font-medium text-foreground underline-offset-2 hover:underline';
const quietLinkClassName =
  'inline-flex items-center gap-1 text-muted-foreground underline-offset-2 hover:text-foreground hover:underline';

/** A link to an address built in full (a page whose search params this feature does not own). */
function HrefLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // A new tab, a new window, a download: the browser's own.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate({ href });
  };
  return (
    <a href={href} className={className} onClick={onClick}>
      {children}
    </a>
  );
}

/** The subject, linked to where it lives: a posting's page, sign-pro's table, the members page. */
function Subject({ entry, orgSlug }: { entry: ActivityEntry; orgSlug: string }) {
  const label =
    entry.subjectLabel ??
    (entry.kind === 'truck' || entry.kind === 'load' ? `#${entry.subjectId}` : 'unknown');
  const id = Number(entry.subjectId);
  const numbered = Number.isSafeInteger(id) && id > 0;
  if (entry.kind === 'truck' && numbered)
    return (
      <Link to="/$orgSlug/trucks/edit/$id" params={{ orgSlug, id }} className={linkClassName}>
        {label}
      </Link>
    );
  if (entry.kind === 'load' && numbered)
    return (
      <Link to="/$orgSlug/loads/edit/$id" params={{ orgSlug, id }} className={linkClassName}>
        {label}
      </Link>
    );
  if (entry.kind === 'envelope')
    return (
      <Link
        to={entry.subjectType === 'client' ? '/$orgSlug/sign-pro/clients' : '/$orgSlug/sign-pro/drivers'}
        params={{ orgSlug }}
        search={{ search: receiverNameOf(entry.subjectLabel) }}
        className={linkClassName}
      >
        {label}
      </Link>
    );
  if (entry.kind === 'member' && entry.subjectLabel)
    return (
      <Link
        to="/$orgSlug/members"
        params={{ orgSlug }}
        search={{ search: entry.subjectLabel }}
        className={linkClassName}
      >
        {label}
      </Link>
    );
  if (entry.kind === 'invitation' && entry.subjectLabel)
    return (
      <Link
        to="/$orgSlug/members"
        params={{ orgSlug }}
        search={{ iSearch: entry.subjectLabel }}
        className={linkClassName}
      >
        {label}
      </Link>
    );
  if (entry.kind === 'organization') return null;
  return <span className="font-medium">{label}</span>;
}

const cut = (text: string) => (text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text);

/** "15:19:02": an entry's time of day on the organization's clock, beside its day's heading. */
const timeOfDay = (when: Date, timeZone: string) =>
  when.toLocaleTimeString('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

/** Changes shown before "and N more": a creation lists many values, and the log stays dense. */
const CHANGES_SHOWN = 4;

function Changes({ entry }: { entry: ActivityEntry }) {
  const [open, setOpen] = useState(false);
  const { timeZone } = useDates();
  if (!entry.changes.length) return null;
  const hidden = entry.changes.length > CHANGES_SHOWN + 1 && !open ? entry.changes.length - CHANGES_SHOWN : 0;
  const shown = hidden ? entry.changes.slice(0, CHANGES_SHOWN) : entry.changes;
  return (
    <ul aria-label="Changes" className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
      {shown.map((change) => {
        const from = changeValueText(entry.kind, change.field, change.from, entry.type, timeZone);
        const to = changeValueText(entry.kind, change.field, change.to, entry.type, timeZone);
        const created = !isEdit(entry.type) && (change.from === null || change.from === undefined);
        return (
          <li
            key={change.field}
            className="min-w-0 max-w-full break-words"
            title={created ? to : `${from} → ${to}`}
          >
            <span className="text-muted-foreground">{changeFieldLabel(entry.kind, change.field)}:</span>{' '}
            {created ? (
              cut(to)
            ) : (
              <>
                <span className="text-muted-foreground line-through decoration-muted-foreground/50">
                  {cut(from)}
                </span>{' '}
                <span aria-hidden>→</span>
                <span className="sr-only">changed to</span> {cut(to)}
              </>
            )}
          </li>
        );
      })}
      {hidden ? (
        <li>
          <button
            type="button"
            className="cursor-pointer text-muted-foreground underline underline-offset-2 hover:text-foreground"
            onClick={() => setOpen(true)}
          >
            and {hidden} more
          </button>
        </li>
      ) : null}
    </ul>
  );
}

function Row({
  entry,
  orgSlug,
  onFilter,
}: {
  entry: ActivityEntry;
  orgSlug: string;
  onFilter: (change: Partial<ActivitySearch>) => void;
}) {
  const when = new Date(entry.occurredAt);
  const dates = useDates();
  const board = boardOfKind(entry.kind);
  const actor = activityActorOf(entry);
  return (
    <li className="grid grid-cols-[3.5rem_minmax(0,1fr)] gap-x-3 px-4 py-2.5 sm:grid-cols-[4.5rem_minmax(0,1fr)] sm:px-5">
      <time
        dateTime={entry.occurredAt}
        title={dates.dateTime(when)}
        className="pt-0.5 text-xs text-muted-foreground tabular-nums"
      >
        {timeOfDay(when, dates.timeZone)}
      </time>
      <div className="min-w-0">
        <p className="text-sm leading-6 break-words">
          <button
            type="button"
            className="cursor-pointer font-medium underline-offset-2 hover:underline"
            title={`Only what ${actor} did`}
            onClick={() => onFilter({ actor: entry.actorId })}
          >
            {actor}
          </button>{' '}
          <span className="text-muted-foreground">{activityActionOf(entry.type)}</span>{' '}
          <Subject entry={entry} orgSlug={orgSlug} />
          <span className="ml-2 inline-block rounded border border-border px-1.5 align-middle text-[11px] leading-4 font-medium text-muted-foreground">
            {kindLabel(entry.kind)}
          </span>
        </p>
        <Changes entry={entry} />
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {entry.ip ? <span className="tabular-nums">IP {entry.ip}</span> : null}
          {entry.userAgent ? <span title={entry.userAgent}>{describeDevice(entry.userAgent)}</span> : null}
          <button
            type="button"
            className={cn(quietLinkClassName, 'cursor-pointer')}
            onClick={() => onFilter({ kind: [entry.kind], subject: entry.subjectId })}
          >
            <Filter className="size-3" aria-hidden />
            Only this {kindLabel(entry.kind).toLowerCase()}
          </button>
          {board ? (
            <HrefLink
              href={`/${encodeURIComponent(orgSlug)}/${board}?asOf=${encodeURIComponent(entry.occurredAt)}`}
              className={quietLinkClassName}
            >
              <History className="size-3" aria-hidden />
              Board at this moment
            </HrefLink>
          ) : null}
        </p>
      </div>
    </li>
  );
}

/** The log's entries, newest first, under a heading per day. */
export function ActivityTimeline({
  entries,
  orgSlug,
  onFilter,
}: {
  entries: ActivityEntry[];
  orgSlug: string;
  onFilter: (change: Partial<ActivitySearch>) => void;
}) {
  // One heading per day of the organization's calendar, "Nov 23, 2026" (docs/decisions.md).
  const dates = useDates();
  const days: { day: string; entries: ActivityEntry[] }[] = [];
  for (const entry of entries) {
    const day = dates.date(entry.occurredAt);
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return (
    <div>
      {days.map((group) => (
        <section key={group.day} aria-label={group.day} className="border-t border-border first:border-t-0">
          <h2 className="border-b border-border bg-muted/60 px-4 py-1.5 text-xs font-semibold text-muted-foreground sm:px-5">
            {group.day}
          </h2>
          <ol className="divide-y divide-border">
            {group.entries.map((entry) => (
              <Row key={entry.position} entry={entry} orgSlug={orgSlug} onFilter={onFilter} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
