import { LIVE_EVENTS, MIN_POSITION_PARAMETER } from '@dispatch/domain';
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
      auth: (send) => send(minPosition() ? { [MIN_POSITION_PARAMETER]: minPosition() } : {}),
    });
    let retry: ReturnType<typeof setTimeout> | undefined;

    // Notices sent while no connection was up are lost: before the first connect (the screen's data
    // may be older than the connection: a remount, a refused first handshake) and during a drop.
    // So every connect refreshes what is on screen; only active queries refetch.
    socket.on('connect', () => {
      setStatus('live');
      reportLiveConnection({
        status: 'live',
        transport: socket.io.engine?.transport?.name ?? null,
        wasConnected: true,
      });
      refreshAllKinds(queryClient, handlersRef.current);
    });
    socket.on('disconnect', () => {
      setStatus('connecting');
      reportLiveConnection({ status: 'connecting', transport: null });
    });
    socket.on('connect_error', () => {
      setStatus('offline');
      reportLiveConnection({ status: 'offline', transport: null });
      // A refused handshake is not retried by the client itself; try again shortly.
      if (!socket.active) retry = setTimeout(() => socket.connect(), 1000);
    });
    socket.on(LIVE_EVENTS.change, (payload: unknown) => {
      applyLiveChange(queryClient, payload, { organizationId, handlers: handlersRef.current, highlights });
      // Screens that wait for a notice of their own (the system check's ping) hear every kind.
      const change = liveChangeSchema.safeParse(payload);
      if (change.success && change.data.orgId === organizationId) announceLiveChange(change.data);
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
