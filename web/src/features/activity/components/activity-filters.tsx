import { activityKinds } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useCallback, useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { FilterChips, membersQueryOptions, SearchBox } from '../../organizations';
import { type ActivitySearch, activeActivityFilters } from '../activity-search';
import { kindLabel } from '../activity-wording';

const kindOptions = activityKinds.map((kind) => ({ value: kind, label: kindLabel(kind) }));

/** Everyone who is a member now, by name, to pick an actor from (former members' entries name them too). */
const everyMember = { page: 1, limit: 100, sort: 'asc', role: undefined, search: undefined } as const;

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      {children}
    </div>
  );
}

/** The log's filters: kinds, text, actor, period, and the record a row narrowed it to. */
export function ActivityFilters({
  organizationId,
  search,
  onChange,
}: {
  organizationId: string;
  search: ActivitySearch;
  onChange: (change: Partial<ActivitySearch>) => void;
}) {
  const ids = { actor: useId(), from: useId(), to: useId() };
  const members = useQuery(membersQueryOptions(organizationId, everyMember));
  const people = (members.data?.data ?? []).map((member) => ({ id: member.userId, name: member.user.name }));
  const actorKnown = !search.actor || people.some((person) => person.id === search.actor);
  const onText = useCallback((text: string | undefined) => onChange({ text }), [onChange]);
  const count = activeActivityFilters(search);

  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <FilterChips
          label="Filter by kind"
          options={kindOptions}
          selected={search.kind}
          onChange={(kind) => onChange({ kind })}
        />
        <SearchBox label="Search the activity" value={search.text} onChange={onText} />
      </div>
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,10rem)_minmax(0,10rem)_1fr]">
        <div className="col-span-2 sm:col-span-1">
          <Field label="Who" htmlFor={ids.actor}>
            <Select
              id={ids.actor}
              value={search.actor ?? ''}
              onChange={(event) => onChange({ actor: event.target.value || undefined })}
            >
              <option value="">Anyone</option>
              {actorKnown ? null : <option value={search.actor}>The selected person</option>}
              {people.map((person) => (
                <option key={person.id} value={person.id}>
                  {person.name}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Field label="From" htmlFor={ids.from}>
          <Input
            id={ids.from}
            type="date"
            value={search.from ?? ''}
            max={search.to}
            onChange={(event) => onChange({ from: event.target.value || undefined })}
          />
        </Field>
        <Field label="To" htmlFor={ids.to}>
          <Input
            id={ids.to}
            type="date"
            value={search.to ?? ''}
            min={search.from}
            onChange={(event) => onChange({ to: event.target.value || undefined })}
          />
        </Field>
        <div className="col-span-2 flex flex-wrap items-center gap-2 empty:hidden sm:col-span-1 sm:justify-end">
          {search.subject ? (
            <span className="inline-flex h-8 max-w-full items-center gap-1 rounded-full border border-primary bg-primary/10 pr-1 pl-2.5 text-xs font-medium text-primary">
              <span className="truncate">One record: {search.subject}</span>
              <button
                type="button"
                aria-label="Show every record"
                className="flex size-6 cursor-pointer items-center justify-center rounded-full hover:bg-primary/15"
                onClick={() => onChange({ subject: undefined })}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </span>
          ) : null}
          {count ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                onChange({
                  actor: undefined,
                  kind: undefined,
                  subject: undefined,
                  from: undefined,
                  to: undefined,
                  text: undefined,
                })
              }
            >
              Clear {count === 1 ? 'filter' : `${count} filters`}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
