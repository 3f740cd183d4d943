import { MapPinOff } from 'lucide-react';

/**
 * The small mark a board puts before a place the map does not know (docs/decisions.md#places): the
 * posting was taken, but no radius search finds it. A crossed-out pin, named for screen readers and
 * explained on hover. It leads the place, so a cut-off cell still shows it.
 */
export function NotOnMapMark() {
  return (
    <span
      role="img"
      aria-label="Not on the map"
      title="Not on the map: radius searches will not find it"
      data-not-on-map=""
      className="mr-1 inline-flex shrink-0 align-[-2px] text-amber-700 dark:text-amber-400"
    >
      <MapPinOff aria-hidden className="size-3.5" />
    </span>
  );
}
