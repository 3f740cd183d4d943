import { LIVE_EVENTS, LIVE_SINCE_PARAMETER, liveReadySchema, MIN_POSITION_PARAMETER } from '@dispatch/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { minPosition } from '../../lib/event-position';
import { highlights } from '../../lib/highlights';
import { applyLiveChange, type LiveChangeHandlers, liveChangeSchema, refreshAllKinds } from './live-changes';
import { announceLiveChange, type LiveStatus, reportLiveConnection } from './live-connection';
import { trackReadPositions } from './read-through';

export type { LiveStatus } from './live-connection';

/**
 * The Socket.IO connection of a signed-in user with an active organization. The server reads
 * the session cookie and joins the organization's room itself, so a new connection is opened
 * whenever the active organization changes; none is opened without one.
 */
export function useLiveUpdates(organizationId: string | null, handlers: LiveChangeHandlers): LiveStatus {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('idle');
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;

  useEffect(() => {
    if (!organizationId) {
      setStatus('idle');
      reportLiveConnection({ status: 'idle', transport: null, wasConnected: false });
      return;
    }
    setStatus('connecting');
    reportLiveConnection({ status: 'connecting', transport: null, wasConnected: false });
    const stopTracking = trackReadPositions(queryClient);
    // The last position this connection applied: the server's at joining, then each notice's. Coming
    // back, the client says it, and the server sends what it missed since (or says to re-read).
    let applied: bigint | null = null;
    const apply = (position: string) => {
      const at = BigInt(position);
      if (applied === null || at > applied) applied = at;
    };
    const socket = io({
      path: '/socket.io',
      withCredentials: true,
      // Its own connection each time: io() otherwise reuses the cached manager of the connection
      // just closed for the previous organization.
      forceNew: true,
      // Straight to WebSocket (the gateway proxies upgrades): no long-polling phase, so no
      // polling-to-WebSocket upgrade, which could stall and leave the board silently stale.
      transports: ['websocket'],
      // Read your writes: right after joining, the server checks membership once it has seen the join.
      auth: (send) =>
        send({
          ...(minPosition() ? { [MIN_POSITION_PARAMETER]: minPosition() } : {}),
          ...(applied !== null ? { [LIVE_SINCE_PARAMETER]: applied.toString() } : {}),
        }),
    });
    let retry: ReturnType<typeof setTimeout> | undefined;
    // The server said it stops: its closing the connection is then no reason to stay away.
    let serverStopping = false;
    socket.on(LIVE_EVENTS.serverStopping, () => {
      serverStopping = true;
    });

    socket.on('connect', () => {
      setStatus('live');
      reportLiveConnection({
        status: 'live',
        transport: socket.io.engine?.transport?.name ?? null,
        wasConnected: true,
      });
    });
    // Notices sent while no connection was up are lost: before the first connect (the screen's data
    // may be older than the connection: a remount, a refused first handshake) and during a drop. Back
    // after a drop, the server has sent what was missed just before `ready` when it still knew it
    // (`caughtUp`); otherwise, and at the first connect, what is on screen is re-read (only active
    // queries refetch).
    socket.on(LIVE_EVENTS.ready, (payload: unknown) => {
      const ready = liveReadySchema.safeParse(payload);
      if (!ready.success || !ready.data.caughtUp)
        refreshAllKinds(queryClient, handlersRef.current, ready.data?.position);
      if (ready.success) apply(ready.data.position);
    });
    socket.on('disconnect', (reason) => {
      setStatus('connecting');
      reportLiveConnection({ status: 'connecting', transport: null });
      // A connection the server closed is not retried by the client itself. After a stop, connect again
      // after a random 0.5–2.5 s, so a floor of browsers does not arrive all at once.
      if (reason === 'io server disconnect' && serverStopping) {
        serverStopping = false;
        retry = setTimeout(() => socket.connect(), 500 + Math.random() * 2000);
      }
    });
    socket.on('connect_error', () => {
      setStatus('offline');
      reportLiveConnection({ status: 'offline', transport: null });
      // A refused handshake is not retried by the client itself; try again shortly.
      if (!socket.active) retry = setTimeout(() => socket.connect(), 1000);
    });
    socket.on(LIVE_EVENTS.change, (payload: unknown) => {
      const change = liveChangeSchema.safeParse(payload);
      // A notice older than one applied was heard already (another replica's, after a reconnect).
      if (change.success && applied !== null && BigInt(change.data.position) < applied) return;
      applyLiveChange(queryClient, payload, { organizationId, handlers: handlersRef.current, highlights });
      if (!change.success || change.data.orgId !== organizationId) return;
      apply(change.data.position);
      // Screens that wait for a notice of their own (the system check's ping) hear every kind.
      announceLiveChange(change.data);
    });

    return () => {
      clearTimeout(retry);
      stopTracking();
      socket.removeAllListeners();
      socket.disconnect();
      highlights.clear();
      reportLiveConnection({ status: 'idle', transport: null, wasConnected: false });
    };
  }, [organizationId, queryClient]);

  return status;
}
