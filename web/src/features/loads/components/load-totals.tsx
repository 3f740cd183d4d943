import { Card } from '../../../components/ui/card';
import type { LoadsPage } from '../api/get-loads';

function Total({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Card className="px-5 py-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums tracking-tight">{value.toLocaleString()}</p>
      {detail ? <p className="mt-1 text-xs text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

export function LoadTotals({ page }: { page: LoadsPage }) {
  return (
    <section aria-label="Totals" className="grid gap-3 sm:grid-cols-3">
      <Total label="Loads on the board" value={page.totalCount} />
      <Total
        label="Posted today"
        value={page.totalCreatedToday}
        detail={`${page.totalCreatedYesterday.toLocaleString()} yesterday`}
      />
      <Total
        label="Available today"
        value={page.totalAvailableToday}
        detail={`${page.totalAvailableYesterday.toLocaleString()} yesterday`}
      />
    </section>
  );
}
