import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';

/** Whether a screen of this visit has been drawn already. */
let firstScreenDrawn = false;

/**
 * The first screen of a visit drawn in a render the browser can interrupt. The frame around it
 * commits first; its content follows at once as a deferred render, which React cuts into slices of a
 * few milliseconds: the page then answers input and paints between them, rather than in one long task
 * that builds the whole board. Later screens of the visit draw as usual.
 */
export function InterruptibleFirstRender({ children }: { children: ReactNode }) {
  const [deferred] = useState(() => !firstScreenDrawn);
  // With a first value, React renders that one first and the given value in a deferred render.
  const ready = useDeferredValue(true, deferred ? false : undefined);
  useEffect(() => {
    if (ready) firstScreenDrawn = true;
  }, [ready]);
  return ready ? children : null;
}
