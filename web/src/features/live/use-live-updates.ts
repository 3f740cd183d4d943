import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { io } from 'socket.io-client';
import { highlights } from './highlights';
import { applyLiveChange, type LiveChangeHandlers, refreshAllKinds } from './live-changes';

export type LiveStatus = 'idle' | 'connecting' | 'live' | 'offline';

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
      return;
    }
    setStatus('connecting');
    const socket = io({ path: '/socket.io', withCredentials: true });
    let connectedBefore = false;

    socket.on('connect', () => {
      setStatus('live');
      // Notices sent while this tab was away are lost: catch up once connected again.
      if (connectedBefore) refreshAllKinds(queryClient, handlersRef.current);
      connectedBefore = true;
    });
    socket.on('disconnect', () => setStatus('connecting'));
    socket.on('connect_error', () => setStatus('offline'));
    socket.on('change', (payload: unknown) => {
      applyLiveChange(queryClient, payload, { organizationId, handlers: handlersRef.current, highlights });
    });

    return () => {
      socket.removeAllListeners();
      socket.disconnect();
      highlights.clear();
    };
  }, [organizationId, queryClient]);

  return status;
}
