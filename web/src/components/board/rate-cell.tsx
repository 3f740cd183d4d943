import type { RateUnit } from '@dispatch/domain';
import { formatRate } from '../../lib/money';

/** A rate as a board cell shows it: "$1.10 / bushel" with the unit words muted, or "Not set". */
export function RateCell({ rate, unit }: { rate: number | null; unit: RateUnit }) {
  const text = formatRate(rate, unit);
  if (!text) return <span className="text-muted-foreground">Not set</span>;
  return (
    <span className="tabular-nums">
      {text.amount} <span className="text-xs text-muted-foreground">{text.unit}</span>
    </span>
  );
}
