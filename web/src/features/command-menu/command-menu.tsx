import { canUseSignPro, type EnvelopeAnswer, type Load, type Truck } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import {
  CornerDownLeft,
  FileSignature,
  Package,
  Search,
  SquareArrowOutUpRight,
  Truck as TruckIcon,
} from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { defaultLoadsSearch, loadQueryOptions, loadsQueryOptions } from '../loads';
import { useActiveMember } from '../organizations';
import { EnvelopeHistoryDialog, envelopeQueryOptions, envelopesQueryOptions } from '../sign-pro';
import { defaultTrucksSearch, truckQueryOptions, trucksQueryOptions } from '../trucks';
import { lookupOf, matchScreens, type ScreenItem, screensFor, uniqueBy } from './command-items';

/** How long typing must pause before the lists are asked. */
const SEARCH_DELAY_MS = 250;
/** Results of each kind shown. */
const RESULTS = 5;

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The organization's trucks, loads and envelopes a query finds, asked once typing pauses. */
function useCommandSearch(organizationId: string, query: string, envelopesAllowed: boolean) {
  const settled = useDebouncedValue(query, SEARCH_DELAY_MS);
  const lookup = lookupOf(settled);
  const text = lookup.text ?? '';
  const byText = lookup.text !== null;
  const quiet = { retry: false, staleTime: 10_000 } as const;
  const trucksByName = useQuery({
    ...trucksQueryOptions(organizationId, { ...defaultTrucksSearch, search: text, limit: RESULTS }),
    ...quiet,
    enabled: byText,
  });
  const trucksByUnit = useQuery({
    ...trucksQueryOptions(organizationId, { ...defaultTrucksSearch, unitNumber: text, limit: RESULTS }),
    ...quiet,
    enabled: byText,
  });
  const loads = useQuery({
    ...loadsQueryOptions(organizationId, { ...defaultLoadsSearch, search: text, limit: RESULTS }),
    ...quiet,
    enabled: byText,
  });
  const envelopes = useQuery({
    ...envelopesQueryOptions(organizationId, {
      page: 1,
      limit: RESULTS,
      orderBy: 'updatedAt',
      sort: 'desc',
      search: text,
    }),
    ...quiet,
    enabled: byText && envelopesAllowed,
  });
  const truckById = useQuery({
    ...truckQueryOptions(organizationId, lookup.id ?? 0),
    ...quiet,
    enabled: lookup.id !== null,
  });
  const loadById = useQuery({
    ...loadQueryOptions(organizationId, lookup.id ?? 0),
    ...quiet,
    enabled: lookup.id !== null,
  });
  const envelopeById = useQuery({
    ...envelopeQueryOptions(organizationId, lookup.envelopeId ?? ''),
    ...quiet,
    enabled: lookup.envelopeId !== null && envelopesAllowed,
  });

  // Answers to an older query stay in place while the next is asked (the lists keep previous data):
  // shown only while they answer the settled query.
  const current = settled.trim() === query.trim();
  const ok = <T,>(result: { data?: T; isPlaceholderData?: boolean; isSuccess: boolean }, enabled: boolean) =>
    enabled && current && result.isSuccess && !result.isPlaceholderData ? result.data : undefined;

  const trucks = uniqueBy<Truck>(
    [
      ...(lookup.id !== null ? [ok(truckById, true)].filter((truck): truck is Truck => !!truck) : []),
      ...(ok(trucksByName, byText)?.data ?? []),
      ...(ok(trucksByUnit, byText)?.data ?? []),
    ],
    (truck) => truck.id,
  ).slice(0, RESULTS);
  const foundLoads = uniqueBy<Load>(
    [
      ...(lookup.id !== null ? [ok(loadById, true)].filter((load): load is Load => !!load) : []),
      ...(ok(loads, byText)?.data ?? []),
    ],
    (load) => load.id,
  ).slice(0, RESULTS);
  const foundEnvelopes = uniqueBy<EnvelopeAnswer>(
    [
      ...(lookup.envelopeId !== null && envelopesAllowed
        ? [ok(envelopeById, true)].filter((envelope): envelope is EnvelopeAnswer => !!envelope)
        : []),
      ...(ok(envelopes, byText && envelopesAllowed)?.data ?? []),
    ],
    (envelope) => envelope.envelopeId,
  ).slice(0, RESULTS);

  const asking = byText || lookup.id !== null || lookup.envelopeId !== null;
  const searching =
    query.trim() !== settled.trim() ||
    (asking &&
      [trucksByName, trucksByUnit, loads, envelopes, truckById, loadById, envelopeById].some(
        (result) => result.isFetching,
      ));
  return {
    trucks,
    loads: foundLoads,
    envelopes: foundEnvelopes,
    searching: searching && lookupOf(query).text !== null,
  };
}

function Item({
  value,
  onSelect,
  icon,
  children,
  detail,
}: {
  value: string;
  onSelect: () => void;
  icon: ReactNode;
  children: ReactNode;
  detail?: string;
}) {
  return (
    <Command.Item
      value={value}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm outline-none select-none data-[selected=true]:bg-accent [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-muted-foreground"
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {detail ? (
        <span className="hidden shrink-0 text-xs text-muted-foreground sm:inline">{detail}</span>
      ) : null}
    </Command.Item>
  );
}

const groupClass =
  'px-1.5 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * The command menu of the organization area (Ctrl-K, ⌘-K, or its button): go to any screen the
 * member may open, or find a truck, a load or an envelope by name, unit number, customer, city or id,
 * and open it. A Radix dialog around cmdk's listbox; the lists' own endpoints answer.
 */
export function CommandMenu({ organization }: { organization: { id: string; slug: string } }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [value, setValue] = useState('');
  const [envelope, setEnvelope] = useState<EnvelopeAnswer | null>(null);
  const navigate = useNavigate();
  const { data: member } = useActiveMember(organization.id);
  const envelopesAllowed = !!member && canUseSignPro(member.role);
  const screens = useMemo(() => screensFor(member?.role), [member?.role]);
  const found = useCommandSearch(organization.id, query, envelopesAllowed && open);
  const shownScreens = matchScreens(screens, query);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      setOpen((current) => !current);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const values = [
    ...shownScreens.map((screen) => `screen:${screen.to}`),
    ...found.trucks.map((truck) => `truck:${truck.id}`),
    ...found.loads.map((load) => `load:${load.id}`),
    ...found.envelopes.map((item) => `envelope:${item.envelopeId}`),
  ];
  // When the chosen entry leaves the list (a new query), the first one is chosen, so Enter opens the
  // best match: the screens the query names, then the postings and envelopes it finds.
  const valuesKey = values.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: valuesKey stands for the list
  useEffect(() => {
    if (!values.includes(value)) setValue(values[0] ?? '');
  }, [valuesKey]);

  function close() {
    setOpen(false);
    setQuery('');
  }
  function go(screen: ScreenItem) {
    close();
    void navigate({ to: screen.to, params: { orgSlug: organization.slug } });
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        title="Search or jump to a screen (Ctrl-K)"
        className="flex h-8 min-w-0 shrink-0 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-2.5 text-sm whitespace-nowrap text-muted-foreground shadow-xs transition-colors hover:bg-accent hover:text-foreground md:w-full"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        <span className="truncate max-md:sr-only">Search or jump to…</span>
        <kbd className="ml-auto hidden shrink-0 rounded border border-border bg-muted px-1.5 font-sans text-[11px] md:inline">
          {isMac() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[1px]" />
          <DialogPrimitive.Content
            className="fixed top-[8dvh] left-1/2 z-50 flex max-h-[84dvh] w-[calc(100%-1.5rem)] max-w-xl -translate-x-1/2 flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-lg focus:outline-none"
            aria-describedby={undefined}
          >
            <DialogPrimitive.Title className="sr-only">Command menu</DialogPrimitive.Title>
            <Command
              label="Command menu"
              shouldFilter={false}
              value={value}
              onValueChange={setValue}
              loop
              className="flex min-h-0 flex-col"
            >
              <div className="flex items-center gap-2 border-b border-border px-3">
                <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <Command.Input
                  value={query}
                  onValueChange={setQuery}
                  placeholder="Go to a screen, or find a truck, load or envelope…"
                  className="h-12 min-w-0 flex-1 bg-transparent text-sm outline-none placeholder:text-muted-foreground"
                />
                {found.searching ? <Spinner label="Searching" /> : null}
              </div>
              <Command.List className="max-h-[min(28rem,70dvh)] overflow-y-auto overscroll-contain py-1">
                <Command.Empty className="px-4 py-8 text-center text-sm text-muted-foreground">
                  {found.searching ? 'Searching…' : `Nothing matches “${query.trim()}”.`}
                </Command.Empty>
                {shownScreens.length ? (
                  <Command.Group heading="Go to" className={groupClass}>
                    {shownScreens.map((screen) => (
                      <Item
                        key={screen.to}
                        value={`screen:${screen.to}`}
                        onSelect={() => go(screen)}
                        icon={<SquareArrowOutUpRight aria-hidden />}
                      >
                        {screen.label}
                      </Item>
                    ))}
                  </Command.Group>
                ) : null}
                {found.trucks.length ? (
                  <Command.Group heading="Trucks" className={groupClass}>
                    {found.trucks.map((truck) => (
                      <Item
                        key={truck.id}
                        value={`truck:${truck.id}`}
                        icon={<TruckIcon aria-hidden />}
                        detail={[truck.unitNumber && `Unit ${truck.unitNumber}`, `#${truck.id}`]
                          .filter(Boolean)
                          .join(' · ')}
                        onSelect={() => {
                          close();
                          void navigate({
                            to: '/$orgSlug/trucks/edit/$id',
                            params: { orgSlug: organization.slug, id: truck.id },
                          });
                        }}
                      >
                        {truck.truckName}
                        <span className="text-muted-foreground">
                          {' · '}
                          {truck.truckCity}, {truck.truckState}
                        </span>
                      </Item>
                    ))}
                  </Command.Group>
                ) : null}
                {found.loads.length ? (
                  <Command.Group heading="Loads" className={groupClass}>
                    {found.loads.map((load) => (
                      <Item
                        key={load.id}
                        value={`load:${load.id}`}
                        icon={<Package aria-hidden />}
                        detail={`#${load.id}`}
                        onSelect={() => {
                          close();
                          void navigate({
                            to: '/$orgSlug/loads/edit/$id',
                            params: { orgSlug: organization.slug, id: load.id },
                          });
                        }}
                      >
                        {load.originCity}, {load.originState} → {load.destinationCity},{' '}
                        {load.destinationState}
                        {load.customerName ? (
                          <span className="text-muted-foreground"> · {load.customerName}</span>
                        ) : null}
                      </Item>
                    ))}
                  </Command.Group>
                ) : null}
                {found.envelopes.length ? (
                  <Command.Group heading="Envelopes" className={groupClass}>
                    {found.envelopes.map((item) => (
                      <Item
                        key={item.envelopeId}
                        value={`envelope:${item.envelopeId}`}
                        icon={<FileSignature aria-hidden />}
                        detail={item.envelopeStatus}
                        onSelect={() => {
                          close();
                          setEnvelope(item);
                        }}
                      >
                        {item.receiverName}
                      </Item>
                    ))}
                  </Command.Group>
                ) : null}
              </Command.List>
              <div
                className={cn(
                  'flex items-center gap-3 border-t border-border px-3 py-2 text-xs text-muted-foreground',
                  'max-sm:hidden',
                )}
              >
                <span className="inline-flex items-center gap-1">
                  <kbd className="rounded border border-border bg-muted px-1 font-sans">↑</kbd>
                  <kbd className="rounded border border-border bg-muted px-1 font-sans">↓</kbd> choose
                </span>
                <span className="inline-flex items-center gap-1">
                  <CornerDownLeft className="size-3.5" aria-hidden /> open
                </span>
                <span className="inline-flex items-center gap-1">
                  <kbd className="rounded border border-border bg-muted px-1 font-sans">Esc</kbd> close
                </span>
              </div>
            </Command>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <EnvelopeHistoryDialog
        organizationId={organization.id}
        envelope={envelope}
        onClose={() => setEnvelope(null)}
      />
    </>
  );
}
