import { Card } from '../../../components/ui/card';
import type { TrucksPage } from '../api/get-trucks';

function Total({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Card className="px-5 py-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums tracking-tight">{value.toLocaleString()}</p>
      {detail ? <p className="mt-1 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** `filtered`: the first figure counts the trucks the filters match rather than the whole board. */
export function TruckTotals({ page, filtered = false }: { page: TrucksPage; filtered?: boolean }) {
  return (
    <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
      <Total label={filtered ? 'Matching trucks' : 'Trucks on the board'} value={page.totalCount} />
      <Total
        label="Posted today"
        value={page.totalTrucksCreatedToday}
        detail={`${page.totalTrucksCreatedYesterday.toLocaleString()} yesterday`}
      />
      <Total
        label="Available today"
        value={page.totalAvailableToday}
        detail={`${page.totalAvailableYesterday.toLocaleString()} yesterday`}
      />
    </section>
  );
}
