import type { EventHandler, RecordedEvent, SubscribeOptions } from './port.ts';

const firstDelayMs = 100;
const maxDelayMs = 5_000;

export function nextDelay(previousMs: number | undefined): number {
  return previousMs === undefined ? firstDelayMs : Math.min(previousMs * 2, maxDelayMs);
}

/** A wait that `interrupt()` cuts short, so closing a subscription never sits out a backoff. */
export class Pause {
  #timer: NodeJS.Timeout | undefined;
  #resolve: (() => void) | undefined;

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.#resolve = resolve;
      // The subscription itself decides what keeps the process alive; a backoff never should.
      this.#timer = setTimeout(() => this.interrupt(), ms).unref();
    });
  }

  interrupt(): void {
    clearTimeout(this.#timer);
    const resolve = this.#resolve;
    this.#resolve = undefined;
    resolve?.();
  }
}

/**
 * Calls the handler until it succeeds, waiting longer after each failure.
 * Returns false when the subscription was closed before the event was handled.
 */
export async function deliver(
  event: RecordedEvent,
  handler: EventHandler,
  options: SubscribeOptions,
  pause: Pause,
  isClosed: () => boolean,
): Promise<boolean> {
  let delay: number | undefined;
  while (!isClosed()) {
    try {
      await handler(event);
      return true;
    } catch (error) {
      try {
        options.onError?.(error, event);
      } catch {
        // A failing error reporter must not end the subscription either.
      }
      delay = nextDelay(delay);
      await pause.wait(delay);
    }
  }
  return false;
}
