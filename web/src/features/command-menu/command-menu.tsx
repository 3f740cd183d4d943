import { canUseSignPro, type EnvelopeAnswer } from '@dispatch/domain';
import { useNavigate } from '@tanstack/react-router';
import { Command } from 'cmdk';
import { Keyboard, Search, SquareArrowOutUpRight } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFocusReturn } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { useActiveMember } from '../organizations';
import { EnvelopeHistoryDialog } from '../sign-pro';
import { CommandItem, groupClass } from './command-item';
import { matchScreens, type ScreenItem, screensFor, screenValue } from './command-items';
import { FoundGroups } from './found-groups';
import { KeyHints } from './key-hints';
import { KeyboardHelp } from './keyboard-help';
import { useCommandSearch } from './use-command-search';

/** Not a screen: the Keyboard help, found by the same words. */
const keyboardAction: ScreenItem = {
  id: 'keyboard',
  to: '/$orgSlug/overview',
  label: 'Keyboard shortcuts',
  keywords: ['keys', 'help', 'hotkeys', 'accessibility', '?'],
};

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

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
  const [help, setHelp] = useState(false);
  // The Keyboard help chosen here opens once the menu has closed and focus is back at its opener,
  // where the help returns it in turn.
  const helpNext = useRef(false);
  const focusReturn = useFocusReturn();
  const { data: member } = useActiveMember(organization.id);
  const { data: session } = useSession();
  const platformRole = session?.user.role;
  const envelopesAllowed = !!member && canUseSignPro(member.role);
  const screens = useMemo(() => screensFor(member?.role, platformRole), [member?.role, platformRole]);
  const found = useCommandSearch(organization.id, query, envelopesAllowed && open);
  const shownScreens = matchScreens(screens, query);
  const shownActions = matchScreens([keyboardAction], query);

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
    ...shownScreens.map(screenValue),
    ...shownActions.map(screenValue),
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
    if (screen.to === '/account' || screen.to === '/admin') void navigate({ to: screen.to });
    else void navigate({ to: screen.to, params: { orgSlug: organization.slug } });
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
            onOpenAutoFocus={focusReturn.onOpenAutoFocus}
            onCloseAutoFocus={(event) => {
              focusReturn.onCloseAutoFocus(event);
              if (!helpNext.current) return;
              helpNext.current = false;
              setHelp(true);
            }}
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
                      <CommandItem
                        key={screenValue(screen)}
                        value={screenValue(screen)}
                        onSelect={() => go(screen)}
                        icon={<SquareArrowOutUpRight aria-hidden />}
                      >
                        {screen.label}
                      </CommandItem>
                    ))}
                  </Command.Group>
                ) : null}
                {shownActions.length ? (
                  <Command.Group heading="Help" className={groupClass}>
                    <CommandItem
                      value={screenValue(keyboardAction)}
                      onSelect={() => {
                        helpNext.current = true;
                        close();
                      }}
                      icon={<Keyboard aria-hidden />}
                      detail="?"
                    >
                      {keyboardAction.label}
                    </CommandItem>
                  </Command.Group>
                ) : null}
                <FoundGroups
                  found={found}
                  onTruck={(truck) => {
                    close();
                    void navigate({
                      to: '/$orgSlug/trucks/edit/$id',
                      params: { orgSlug: organization.slug, id: truck.id },
                    });
                  }}
                  onLoad={(load) => {
                    close();
                    void navigate({
                      to: '/$orgSlug/loads/edit/$id',
                      params: { orgSlug: organization.slug, id: load.id },
                    });
                  }}
                  onEnvelope={(item) => {
                    close();
                    setEnvelope(item);
                  }}
                />
              </Command.List>
              <KeyHints />
            </Command>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <KeyboardHelp open={help} onOpenChange={setHelp} />
      <EnvelopeHistoryDialog
        organizationId={organization.id}
        envelope={envelope}
        onClose={() => setEnvelope(null)}
      />
    </>
  );
}
