import type { SubscribeOptions } from './port.ts';

/** Reports `onCaughtUp` once, the first time delivery reaches the head seen at subscription time. */
export function caughtUpReporter(head: bigint, options: SubscribeOptions): (position: bigint) => void {
  let reported = false;
  return (position) => {
    if (reported || position < head) return;
    reported = true;
    try {
      options.onCaughtUp?.(position);
    } catch {
      // A failing observer must not end the subscription.
    }
  };
}
