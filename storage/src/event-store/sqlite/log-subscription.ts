import { caughtUpReporter } from '../caught-up.ts';
import type { EventHandler, RecordedEvent, SubscribeOptions, Subscription } from '../port.ts';
import { deliver, nextDelay, Pause } from '../redelivery.ts';

/**
 * Large enough that catching up over a long log is dominated by the handler; small enough that reading
 * and parsing a page holds the process's thread for about ten milliseconds, not the forty a thousand
 * events took (a rebuild catches up beside the live board).
 */
const pageSize = 250;

export interface LogSource {
  readAll(after: bigint, max: number): RecordedEvent[];
  head(): bigint;
  /** Calls `listener` whenever the log may have grown; returns the unsubscribe function. */
  listen(listener: () => void): () => void;
}

/**
 * Reads the log page by page from `from` and, once it runs dry, sleeps until the source signals an
 * append. Catch-up and live delivery are the same loop, so there is no hand-over where events could
 * be skipped or delivered twice.
 */
export function subscribeToLog(
  source: LogSource,
  from: bigint,
  handler: EventHandler,
  options: SubscribeOptions,
): Subscription {
  const pause = new Pause();
  let closed = false;
  let signalled = false;
  let wake: (() => void) | undefined;
  const stopListening = source.listen(() => {
    signalled = true;
    wake?.();
  });
  const reportCaughtUp = caughtUpReporter(source.head(), options);

  async function run(): Promise<void> {
    let position = from;
    let readFailures: number | undefined;
    while (!closed) {
      // Reset before the read: a signal arriving later (during delivery) means another read is due.
      signalled = false;
      let page: RecordedEvent[];
      try {
        page = source.readAll(position, pageSize);
        readFailures = undefined;
      } catch {
        // Busy beyond the timeout, or the disk hiccuped: try again rather than end the subscription.
        readFailures = nextDelay(readFailures);
        await pause.wait(readFailures);
        continue;
      }
      for (const event of page) {
        if (!(await deliver(event, handler, options, pause, () => closed))) return;
        position = event.position;
        reportCaughtUp(position);
        if (closed) return;
      }
      // A full page: more to catch up on. The next page is read after the process's other work that
      // waits (the live board's requests beside a rebuild), not in the same turn as this one's handling.
      if (page.length === pageSize) {
        await new Promise(setImmediate);
        continue;
      }
      // A short page held the whole log as it was when read: unless an append was signalled since,
      // sleep until one is, rather than read an empty page first (live, that halves the reads).
      reportCaughtUp(position);
      if (!signalled && !closed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        wake = undefined;
      }
    }
  }

  const running = run().finally(stopListening);
  return {
    async close() {
      closed = true;
      wake?.();
      pause.interrupt();
      await running;
    },
  };
}
