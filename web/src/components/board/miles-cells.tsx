import type { RateUnit } from '@dispatch/domain';
import { formatRate, perMileText, tripMilesText } from '../../lib/money';

const none = <span className="text-muted-foreground">—</span>;

/** Estimated trip miles, "812 mi est." with "est." muted; "—" for a load with none. */
export function TripMilesCell({ miles }: { miles: number | null | undefined }) {
  if (miles == null) return none;
  const text = tripMilesText(miles) ?? '';
  return (
    <span className="tabular-nums">
      {text.replace(/ est\.$/, '')} <span className="text-xs text-muted-foreground">est.</span>
    </span>
  );
}

/** A rate per mile, "$2.95/mi"; "—" for a rate per ton or bushel, or a load without miles. */
export function PerMileCell({ perMile }: { perMile: number | null | undefined }) {
  return perMile == null ? none : <span className="tabular-nums">{perMileText(perMile)}</span>;
}

/** Our rate less the carrier's in their unit, negative in the destructive color; "—" when there is none. */
export function MarginCell({ load }: { load: { margin?: number | null; marginUnit?: RateUnit | null } }) {
  if (load.margin == null || !load.marginUnit) return none;
  const text = formatRate(load.margin, load.marginUnit);
  if (!text) return none;
  return (
    <span className={load.margin < 0 ? 'tabular-nums text-destructive' : 'tabular-nums'}>
      {text.amount} <span className="text-xs text-muted-foreground">{text.unit}</span>
    </span>
  );
}
