import { type TrailerType, trailerTypeLabels, trailerTypes } from '@dispatch/domain';
import { ChartLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Select } from '../../../components/ui/select';
import { StateOptions } from '../../../components/ui/state-options';
import { CityCombobox } from '../../places';
import { type Lane, LaneHistoryDialog } from './lane-history-dialog';

/** The overview's way in: pick two cities and a trailer type, see what the organization posted on the lane. */
export function LaneHistoryCard({ organization }: { organization: string }) {
  const ids = {
    originState: useId(),
    originCity: useId(),
    destinationState: useId(),
    destinationCity: useId(),
    trailerType: useId(),
  };
  const [draft, setDraft] = useState<Lane>({
    originState: '',
    originCity: '',
    destinationState: '',
    destinationCity: '',
    trailerType: 'HIGH_SIDED_HOPPER',
  });
  const [open, setOpen] = useState<Lane | null>(null);
  const set = (changes: Partial<Lane>) => setDraft((current) => ({ ...current, ...changes }));
  const ready = Boolean(
    draft.originState && draft.originCity && draft.destinationState && draft.destinationCity,
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) setOpen({ ...draft });
  };
  const city = (end: 'origin' | 'destination') => {
    const stateKey = `${end}State` as const;
    const cityKey = `${end}City` as const;
    return (
      <div className="flex min-w-0 flex-col gap-1">
        <span className="text-xs font-medium">{end === 'origin' ? 'From' : 'To'}</span>
        <div className="flex gap-1.5">
          <label htmlFor={ids[stateKey]} className="sr-only">
            {end === 'origin' ? 'Origin state' : 'Destination state'}
          </label>
          <Select
            id={ids[stateKey]}
            className="h-8 w-24 shrink-0 text-xs"
            value={draft[stateKey]}
            onChange={(event) => set({ [stateKey]: event.target.value, [cityKey]: '' })}
          >
            <option value="">State</option>
            <StateOptions state={draft[stateKey]} />
          </Select>
          <label htmlFor={ids[cityKey]} className="sr-only">
            {end === 'origin' ? 'Origin city' : 'Destination city'}
          </label>
          <div className="min-w-0 flex-auto">
            <CityCombobox
              state={draft[stateKey]}
              value={draft[cityKey]}
              onPick={(name) => set({ [cityKey]: name })}
              disabled={!draft[stateKey]}
              placeholder="City"
              inputProps={{
                id: ids[cityKey],
                value: draft[cityKey],
                onChange: (event) => set({ [cityKey]: event.target.value }),
              }}
            />
          </div>
        </div>
      </div>
    );
  };
  return (
    <Card className="flex flex-col gap-3 px-5 py-5">
      <div>
        <h2 className="text-base font-semibold tracking-tight">Lane history</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          What your organization posted on a lane, week by week or month by month.
        </p>
      </div>
      <form onSubmit={submit} className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_1fr_auto_auto]">
        {city('origin')}
        {city('destination')}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.trailerType} className="text-xs font-medium">
            Trailer type
          </label>
          <Select
            id={ids.trailerType}
            className="h-8 text-xs"
            value={draft.trailerType}
            onChange={(event) => set({ trailerType: event.target.value as TrailerType })}
          >
            {trailerTypes.map((type) => (
              <option key={type} value={type}>
                {trailerTypeLabels[type]}
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit" size="sm" disabled={!ready}>
          <ChartLine aria-hidden />
          Show
        </Button>
      </form>
      <LaneHistoryDialog organization={organization} lane={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
