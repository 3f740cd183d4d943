import { ChartLine } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { type Lane, LaneHistoryDialog } from './lane-history-dialog';

export interface LaneHistoryButtonProps {
  organization: string;
  lane: Lane;
  /** An icon of a board row, or a small button with its words. */
  variant?: 'icon' | 'text';
}

/** Opens a lane's history: a load row's "Lane history", or a lane search's. */
export function LaneHistoryButton({ organization, lane, variant = 'icon' }: LaneHistoryButtonProps) {
  const [open, setOpen] = useState(false);
  const title = `Lane history ${lane.originCity} to ${lane.destinationCity}`;
  // The dialog is rendered in a portal, but its clicks still bubble through React to the row's
  // handlers: they stop here, so a click in the chart does not open the row.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks from reaching the row.
    // biome-ignore lint/a11y/useKeyWithClickEvents: only stops clicks from reaching the row.
    <span data-row-control className="contents" onClick={(event) => event.stopPropagation()}>
      {variant === 'icon' ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Lane history"
          title={title}
          className="text-muted-foreground hover:text-foreground"
          onClick={() => setOpen(true)}
        >
          <ChartLine aria-hidden />
        </Button>
      ) : (
        <Button variant="outline" size="sm" title={title} onClick={() => setOpen(true)}>
          <ChartLine aria-hidden />
          Lane history
        </Button>
      )}
      <LaneHistoryDialog
        organization={organization}
        lane={open ? lane : null}
        onClose={() => setOpen(false)}
      />
    </span>
  );
}
