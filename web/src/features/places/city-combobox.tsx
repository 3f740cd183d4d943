import { placeNameKey, placePrefixKeys } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { MapPinOff } from 'lucide-react';
import {
  type ChangeEvent,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Input } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { type CityPlace, citiesQueryOptions, exactPlace } from './api/get-cities';

/** How long typing pauses before the city search is asked. */
export const CITY_SEARCH_DEBOUNCE_MS = 250;

export interface CityComboboxProps {
  /** The two-letter state whose places are searched; none: the field is disabled. */
  state: string;
  /** The city the form holds (watched), typed or picked. */
  value: string;
  /** A place picked from the list. */
  onPick: (name: string) => void;
  /** The input's wiring from the form: id, name, aria attributes, ref, onChange and onBlur. */
  inputProps: ComponentProps<'input'> & { id: string };
  disabled?: boolean;
  placeholder?: string;
}

const populationFormat = new Intl.NumberFormat('en-US');

/** One place of the suggestions: two places of a state may share a name, never a spot. */
function placeKey(place: CityPlace): string {
  return `${place.name}|${place.latitude}|${place.longitude}`;
}

/**
 * A city field that suggests the places of its state as one types (GET /api/v1/cities, largest
 * first), after the WAI-ARIA combobox pattern with a list popup: the arrow keys move through the
 * suggestions, Enter picks one, Escape closes them. Any text is still accepted (the API takes any
 * city); a city the gazetteer does not know is marked "Not on the map".
 */
export function CityCombobox({ state, value, onPick, inputProps, disabled, placeholder }: CityComboboxProps) {
  const { id } = inputProps;
  const listId = `${id}-places`;
  const noticeId = `${id}-map`;
  const [open, setOpen] = useState(false);
  // The active option is kept by its place, so an answer that arrives while one moves through the
  // list (a later text's, the same places again) keeps it active where it still is.
  const [activeKey, setActiveKey] = useState<string | null>(null);

  const typed = value.trim();
  const search = useDebouncedValue(typed, CITY_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    ...citiesQueryOptions(state, search),
    enabled: Boolean(state) && (open || search !== ''),
  });
  // The answer may be for an earlier text while the new one is asked: narrowed to what is typed now.
  const places = useMemo(() => {
    const starts = placePrefixKeys(typed);
    return ((state && query.data) || []).filter((place: CityPlace) => {
      const key = placeNameKey(place.name);
      return starts.some((start) => key.startsWith(start));
    });
  }, [state, query.data, typed]);
  // The answer is for what the field holds now, not for an earlier text still shown meanwhile.
  const settled = query.isSuccess && !query.isPlaceholderData && search === typed;
  const notOnMap = Boolean(state) && typed !== '' && settled && !open && !exactPlace(places, typed);
  const showList = open && Boolean(state) && !disabled;

  const active = activeKey === null ? -1 : places.findIndex((place) => placeKey(place) === activeKey);
  const setActive = (index: number) =>
    setActiveKey(index >= 0 && places[index] ? placeKey(places[index]) : null);
  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);
  // An open list low on a small screen scrolls up into view (the field stays above it).
  const popup = useRef<HTMLDivElement>(null);
  const shown = places.length;
  useEffect(() => {
    if (showList && shown > 0) popup.current?.scrollIntoView?.({ block: 'nearest' });
  }, [showList, shown]);

  const pick = (place: CityPlace) => {
    onPick(place.name);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        return;
      }
      if (places.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(active < 0 && step < 0 ? places.length - 1 : (active + step + places.length) % places.length);
    } else if (event.key === 'Enter' && showList && active >= 0 && places[active]) {
      event.preventDefault();
      pick(places[active]);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
    }
  };

  const describedBy = [inputProps['aria-describedby'], notOnMap ? noticeId : null].filter(Boolean).join(' ');

  return (
    <div className="relative">
      <Input
        {...inputProps}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy || undefined}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          inputProps.onChange?.(event);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          inputProps.onBlur?.(event);
          setOpen(false);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        ref={popup}
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-1 overflow-hidden rounded-md border border-border bg-card text-card-foreground shadow-lg',
          !showList && 'hidden',
        )}
      >
        <div
          id={listId}
          role="listbox"
          aria-label={`Places in ${state}`}
          className="max-h-64 overflow-y-auto p-1"
        >
          {places.map((place, index) => (
            // The keys are the field's: it keeps the focus and names the active option (aria-activedescendant).
            // biome-ignore lint/a11y/useKeyWithClickEvents: see above
            <div
              key={placeKey(place)}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 rounded px-2 py-1.5 text-sm',
                index === active ? 'bg-accent text-accent-foreground' : 'hover:bg-accent/60',
              )}
              // Keeps the focus in the field, which would otherwise close the list before the click.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
              onMouseMove={() => setActive(index)}
            >
              <span className="truncate">{place.name}</span>
              {place.population ? (
                <span aria-hidden className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {populationFormat.format(place.population)}
                </span>
              ) : null}
            </div>
          ))}
        </div>
        {places.length === 0 ? (
          <p className="px-3 py-2 text-sm text-muted-foreground">
            {settled
              ? typed
                ? `No place in ${state} starts with “${typed}”. You can keep it: it will not be on the map.`
                : `No places in ${state}.`
              : 'Searching…'}
          </p>
        ) : null}
      </div>
      <span role="status" className="sr-only">
        {showList && settled ? `${places.length} ${places.length === 1 ? 'place' : 'places'} suggested` : ''}
      </span>
      {notOnMap ? (
        <p id={noticeId} className="mt-1.5 text-xs text-muted-foreground">
          <MapPinOff
            aria-hidden
            className="mr-1 inline size-3.5 -translate-y-px text-amber-700 dark:text-amber-400"
          />
          <span className="font-medium text-amber-700 dark:text-amber-400">Not on the map</span> — radius
          searches will not find it
        </p>
      ) : null}
    </div>
  );
}
