import { Card } from '../../components/ui/card';

function Total({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Card className="px-5 py-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums tracking-tight">{value.toLocaleString()}</p>
      {detail ? <p className="mt-1 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

export interface BoardTotalsProps {
  /** What the first figure counts, e.g. "Trucks on the board". */
  countLabel: string;
  count: number;
  createdToday: number;
  createdYesterday: number;
  availableToday: number;
  availableYesterday: number;
}

/** The figures above a list: its size, what was posted today and what is available today. */
export function BoardTotals(totals: BoardTotalsProps) {
  return (
    <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
      <Total label={totals.countLabel} value={totals.count} />
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
