import { Link } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useId } from 'react';
import { ToggleChip } from '../../../components/board/filter-controls';
import { buttonClassName } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { useDebouncedText } from '../../../lib/use-debounced-value';
import type { MembersSearch } from '../members-search';

/** A date column's sort control: a link to the same list sorted the other way, from its first page. */
export function SortLink({
  label,
  sort,
  search,
}: {
  label: string;
  sort: 'asc' | 'desc';
  search: MembersSearch;
}) {
  const SortIcon = sort === 'asc' ? ArrowUp : ArrowDown;
  return (
    <Link
      from="/$orgSlug/members/"
      to="."
      search={search}
      className="-mx-1.5 inline-flex items-center gap-1 rounded px-1.5 py-1 text-foreground hover:bg-accent"
    >
      {label}
      <SortIcon className="size-3.5" aria-hidden />
      <span className="sr-only">, sorted {sort === 'asc' ? 'oldest first' : 'newest first'}</span>
    </Link>
  );
}

/** A search box that updates the URL a moment after typing stops. */
export function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useDebouncedText(value, onChange);

  return (
    <div className="relative w-full sm:w-64">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        placeholder={label}
        value={text}
        onChange={(event) => setText(event.target.value)}
        className="pl-8"
      />
    </div>
  );
}

/** Toggle chips for a filter that takes one value or several. */
export function FilterChips<T extends string>({
  label,
  options,
  selected,
  onChange,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  selected: readonly T[] | undefined;
  onChange: (next: T[] | undefined) => void;
}) {
  const current = selected ?? [];
  return (
    <fieldset className="flex flex-wrap items-center gap-1.5">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => {
        const on = current.includes(option.value);
        return (
          <ToggleChip
            key={option.value}
            on={on}
            onClick={() => {
              const next = on
                ? current.filter((value) => value !== option.value)
                : [...current, option.value];
              onChange(next.length ? next : undefined);
            }}
          >
            {option.label}
          </ToggleChip>
        );
      })}
    </fieldset>
  );
}

/** Previous and next for a list whose pages count from 1, under its own search param; none for an empty list. */
export function ListPagination({
  noun,
  pageKey,
  search,
  list: { totalCount, totalPages, data },
}: {
  /** The list's items, lower case ("members"); the navigation is named after it. */
  noun: string;
  pageKey: 'page' | 'iPage';
  search: MembersSearch;
  list: { totalCount: number; totalPages: number; data: readonly unknown[] };
}) {
  const label = `${noun[0]?.toUpperCase()}${noun.slice(1)} pagination`;
  const shown = data.length;
  const page = search[pageKey];
  const limit = pageKey === 'page' ? search.limit : search.iLimit;
  const first = totalCount === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(totalCount, (page - 1) * limit + shown);
  const pages = Math.max(1, totalPages);
  const hasPrevious = page > 1;
  const hasNext = page < totalPages;
  const disabled = 'pointer-events-none opacity-50';
  // An empty list says so in its own card ("No invitations sent yet"): nothing to page, nothing to repeat.
  if (totalCount === 0 && page === 1) return null;

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 px-1 text-sm">
      <p className="text-muted-foreground tabular-nums">
        {totalCount === 0 ? `No ${noun}` : `${first}–${last} of ${totalCount.toLocaleString()}`}
      </p>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground tabular-nums">
          Page {Math.min(page, pages)} of {pages}
        </span>
        <Link
          from="/$orgSlug/members/"
          to="."
          search={{ ...search, [pageKey]: Math.max(1, Math.min(page - 1, pages)) }}
          aria-disabled={!hasPrevious}
          tabIndex={hasPrevious ? undefined : -1}
          className={cn(buttonClassName('outline', 'sm'), !hasPrevious && disabled)}
        >
          <ChevronLeft aria-hidden />
          Previous
        </Link>
        <Link
          from="/$orgSlug/members/"
          to="."
          search={{ ...search, [pageKey]: page + 1 }}
          aria-disabled={!hasNext}
          tabIndex={hasNext ? undefined : -1}
          className={cn(buttonClassName('outline', 'sm'), !hasNext && disabled)}
        >
          Next
          <ChevronRight aria-hidden />
        </Link>
      </div>
    </nav>
  );
}
