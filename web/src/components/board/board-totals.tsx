function Total({
  label,
  value,
  detail,
  atLeast = false,
}: {
  label: string;
  value: number;
  detail?: string;
  /** The value is a count that stopped there: the list holds more ("1,000+"). */
  atLeast?: boolean;
}) {
  return (
    <span className="whitespace-nowrap">
      {label}{' '}
      <strong className="font-semibold text-foreground tabular-nums">
        {value.toLocaleString()}
        {atLeast ? '+' : ''}
      </strong>
      {detail ? <span className="tabular-nums"> ({detail})</span> : null}
    </span>
  );
}

export interface BoardTotalsProps {
  /** What the first figure counts, e.g. "Trucks on the board". */
  countLabel: string;
  count: number;
  /** False when a text search was counted up to its cap: `count` is the cap and the list holds more. */
  countExact?: boolean;
  createdToday: number;
  createdYesterday: number;
  availableToday: number;
  availableYesterday: number;
}

/** The figures of a list, in one slim line: its size, what was posted today and what is available today. */
export function BoardTotals(totals: BoardTotalsProps) {
  return (
    <section
      aria-label="Totals"
      className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground"
    >
      <Total label={totals.countLabel} value={totals.count} atLeast={totals.countExact === false} />
      <Total
        label="Posted today"
        value={totals.createdToday}
        detail={`${totals.createdYesterday.toLocaleString()} yesterday`}
      />
      <Total
        label="Available today"
        value={totals.availableToday}
        detail={`${totals.availableYesterday.toLocaleString()} yesterday`}
      />
    </section>
  );
}
