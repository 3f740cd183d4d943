import { canSeeMargin, type Load, type LoadMilesAndMoney } from '@dispatch/domain';
import { MarginCell, PerMileCell, TripMilesCell } from '../../../components/board/miles-cells';
import { useActiveMember } from '../../organizations';

/**
 * What the board works out of a load, above its edit form: the estimated trip miles, each flat
 * rate per mile and, for owners, admins and Member+, the margin. They follow a saved change of the
 * route or the rates.
 */
export function LoadFigures({
  organizationId,
  load,
}: {
  organizationId: string;
  load: Load & Partial<LoadMilesAndMoney>;
}) {
  const { data: member } = useActiveMember(organizationId);
  const figures: [string, React.ReactNode][] = [
    ['Trip miles', <TripMilesCell key="miles" miles={load.tripMiles} />],
    ['Our rate/mi', <PerMileCell key="ours" perMile={load.ratePerMile} />],
    ['Carrier rate/mi', <PerMileCell key="carrier" perMile={load.carrierRatePerMile} />],
  ];
  if (canSeeMargin(member?.role)) figures.push(['Margin', <MarginCell key="margin" load={load} />]);
  return (
    <dl
      aria-label="Miles and money"
      className="mt-6 grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border p-3 text-sm sm:grid-cols-4"
    >
      {figures.map(([term, value]) => (
        <div key={term} className="flex flex-col">
          <dt className="text-xs text-muted-foreground">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
