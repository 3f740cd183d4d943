import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api-client';
import { onLiveChange } from '../live';
import { sendPing } from './api/send-ping';
import { newPingId, type RoundTrip, waitForPing, withRoundTrip } from './round-trips';

/** Runs the ping's round trip and keeps the last few figures of this visit. */
export function useRoundTrip() {
  const [runs, setRuns] = useState<RoundTrip[]>([]);
  const [running, setRunning] = useState(false);
  const cancel = useRef<() => void>(() => {});
  useEffect(() => () => cancel.current(), []);

  const run = useCallback(async () => {
    const pingId = newPingId();
    const at = new Date();
    const started = performance.now();
    const waiting = waitForPing(onLiveChange, pingId);
    cancel.current = waiting.cancel;
    setRunning(true);
    let acceptedMs: number | null = null;
    let error: string | null = null;
    try {
      await sendPing(pingId);
      acceptedMs = performance.now() - started;
    } catch (failure) {
      waiting.cancel();
      error = isApiError(failure) ? failure.message : 'The ping could not be sent';
    }
    const arrivedAt = await waiting.arrived;
    const roundTripMs = arrivedAt === null ? null : arrivedAt - started;
    if (error === null && roundTripMs === null) error = 'No live update came back within 10 s';
    setRuns((current) => withRoundTrip(current, { pingId, at, acceptedMs, roundTripMs, error }));
    setRunning(false);
  }, []);

  return { runs, running, run };
}
