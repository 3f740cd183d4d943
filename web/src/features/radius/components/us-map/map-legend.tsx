import { formatMiles } from '../../radius-results';

/** The map's key: which shape is which. */
export function MapLegend({ radius }: { radius: number }) {
  const item = 'flex items-center gap-1.5';
  return (
    <ul aria-label="Map legend" className="flex flex-wrap gap-x-4 gap-y-1.5 text-xs text-muted-foreground">
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <circle cx={6} cy={6} r={5} className="fill-primary" />
        </svg>
        Truck, available
      </li>
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <circle cx={6} cy={6} r={4.25} className="fill-card stroke-primary" strokeWidth={1.5} />
        </svg>
        Truck, not available
      </li>
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <rect
            x={2.2}
            y={2.2}
            width={7.6}
            height={7.6}
            transform="rotate(45 6 6)"
            className="fill-amber-500 dark:fill-amber-400"
          />
        </svg>
        Load (at its origin)
      </li>
      <li className={item}>
        <svg viewBox="0 0 12 12" className="size-3" aria-hidden>
          <circle cx={6} cy={6} r={2.5} className="fill-foreground" />
          <circle cx={6} cy={6} r={5} fill="none" className="stroke-foreground" strokeWidth={1.2} />
        </svg>
        The city
      </li>
      <li className={item}>
        <svg viewBox="0 0 16 12" className="h-3 w-4" aria-hidden>
          <line
            x1={0}
            y1={6}
            x2={16}
            y2={6}
            className="stroke-primary"
            strokeWidth={1.5}
            strokeDasharray="4 2"
          />
        </svg>
        {formatMiles(radius)} radius
      </li>
      <li className={item}>
        <span
          aria-hidden
          className="rounded-full border border-primary/50 px-1.5 text-[10px] leading-4 font-semibold text-foreground"
        >
          3
        </span>
        Postings in a sector
      </li>
    </ul>
  );
}
