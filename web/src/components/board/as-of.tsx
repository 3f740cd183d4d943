import { zonedDayAndMinute, zonedInstant } from '@dispatch/domain';
import { History, Radio } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { cn } from '../../lib/cn';
import { useDates } from '../../lib/organization-dates';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';

/** What became of a row shown as of a moment, since then (the API's `since`). */
export type SinceMark = 'unchanged' | 'changed' | 'removed';

/** A board answer's moment, when it was asked as of one. */
export interface AsOfView {
  at: string;
  addedSince?: number;
}

const MINUTES_A_DAY = 24 * 60;
const two = (value: number) => String(value).padStart(2, '0');

/** The date and minute of the day of an instant (now without one) in `timeZone`, as the form edits them. */
const partsOf = (iso: string | undefined, timeZone: string) => zonedDayAndMinute(iso ?? new Date(), timeZone);

const timeOf = (minute: number) => `${two(Math.floor(minute / 60))}:${two(minute % 60)}`;

/** A short name of a time zone for the form's labels: "CST", "GMT+5:30". */
function zoneName(timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date())
    .find((each) => each.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

/**
 * "View as of": a date, a time, and a slider across that day. The board then shows what it showed at
 * that moment, read only.
 */
export function AsOfControl({
  value,
  onChange,
}: {
  value?: string;
  onChange: (asOf: string | undefined) => void;
}) {
  // The organization's clock, like every date on its screens (docs/decisions.md).
  const { timeZone } = useDates();
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState(() => partsOf(value, timeZone).date);
  const [minute, setMinute] = useState(() => partsOf(value, timeZone).minute);
  const instant = zonedInstant(date, minute, timeZone);
  const future = instant !== null && Date.parse(instant) > Date.now();

  function openDialog() {
    const parts = partsOf(value, timeZone);
    setDate(parts.date);
    setMinute(parts.minute);
    setOpen(true);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!instant || future) return;
    onChange(instant);
    setOpen(false);
  }

  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={openDialog}>
        <History aria-hidden />
        {value ? 'Change moment' : 'View as of'}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>View the board as of</DialogTitle>
              <DialogDescription>
                See exactly what the board showed at a moment: the same filters and order, read only.
              </DialogDescription>
            </DialogHeader>
            <div className="grid grid-cols-2 gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="as-of-date">Date</Label>
                <Input
                  id="as-of-date"
                  type="date"
                  value={date}
                  max={partsOf(undefined, timeZone).date}
                  onChange={(event) => setDate(event.target.value)}
                  required
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="as-of-time">{`Time (${zoneName(timeZone)})`}</Label>
                <Input
                  id="as-of-time"
                  type="time"
                  value={timeOf(minute)}
                  onChange={(event) => {
                    const [hours, minutes] = event.target.value.split(':').map(Number);
                    if (hours !== undefined && minutes !== undefined) setMinute(hours * 60 + minutes);
                  }}
                  required
                />
              </div>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="as-of-slider">Across the day</Label>
              <input
                id="as-of-slider"
                type="range"
                min={0}
                max={MINUTES_A_DAY - 1}
                step={5}
                value={minute}
                onChange={(event) => setMinute(Number(event.target.value))}
                className="w-full accent-primary"
                aria-valuetext={timeOf(minute)}
              />
              <div className="flex justify-between text-xs text-muted-foreground tabular-nums">
                <span>00:00</span>
                <span>06:00</span>
                <span>12:00</span>
                <span>18:00</span>
                <span>23:59</span>
              </div>
            </div>
            {future ? <p className="text-sm text-destructive">Choose a moment in the past.</p> : null}
            <DialogFooter>
              {value ? (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => {
                    onChange(undefined);
                    setOpen(false);
                  }}
                >
                  Back to live
                </Button>
              ) : null}
              <Button type="submit" disabled={!instant || future}>
                View
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** Says the board is a moment of the past, read only, and leads back to the live board. */
export function AsOfBanner({ asOf, onLive }: { asOf: AsOfView; onLive: () => void }) {
  const dates = useDates();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm"
    >
      <History className="size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
      <span className="font-medium">Viewing the board as of {dates.dateTime(asOf.at)}, read only</span>
      {asOf.addedSince ? (
        <span className="text-muted-foreground">
          {asOf.addedSince} {asOf.addedSince === 1 ? 'posting was' : 'postings were'} added since.
        </span>
      ) : null}
      <Button type="button" size="sm" variant="outline" className="ml-auto" onClick={onLive}>
        <Radio aria-hidden />
        Back to live
      </Button>
    </div>
  );
}

const sinceLabels: Record<Exclude<SinceMark, 'unchanged'>, string> = {
  changed: 'Changed since',
  removed: 'Removed since',
};

/** Marks a row of an as-of board that has changed or gone since that moment. */
export function SinceBadge({ since }: { since?: SinceMark }) {
  if (!since || since === 'unchanged') return null;
  return (
    <span
      className={cn(
        'ml-2 inline-flex items-center rounded-full px-1.5 py-0.5 align-middle text-[11px] font-medium whitespace-nowrap',
        since === 'changed'
          ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300'
          : 'bg-destructive/10 text-destructive',
      )}
    >
      {sinceLabels[since]}
    </span>
  );
}
