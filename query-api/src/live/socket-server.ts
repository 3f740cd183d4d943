import type { AuthService } from '@dispatch/auth';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { ProjectionClock } from '../projection-clock.ts';

/** What a client receives after each projector commit that touched its organization. */
export interface LiveChange {
  kind: string;
  ids: (string | number)[];
  position: string;
  orgId: string;
}

export const organizationRoom = (orgId: string) => `org:${orgId}`;

/**
 * Socket.IO on the query API's HTTP server. The session cookie is checked in the handshake and the
 * server itself puts the socket in its organization's room: a client never names a room.
 */
export function attachLiveUpdates(
  app: FastifyInstance,
  options: { auth: AuthService; clock: ProjectionClock },
) {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false });

  io.use(async (socket, next) => {
    try {
      const context = await options.auth.getSession(socket.request.headers);
      const orgId = context?.session.activeOrganizationId;
      if (!context || !orgId) return next(new Error('Unauthorized'));
      socket.data.orgId = orgId;
      socket.data.userId = context.user.id;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    void socket.join(organizationRoom(socket.data.orgId as string));
    socket.emit('ready', { position: options.clock.position().toString() });
  });

  const unsubscribe = options.clock.subscribe((commit) => {
    const position = commit.position.toString();
    for (const change of commit.changes) {
      const message: LiveChange = { kind: change.kind, ids: change.ids, position, orgId: change.orgId };
      io.to(organizationRoom(change.orgId)).emit('change', message);
    }
  });

  app.addHook('onClose', async () => {
    unsubscribe();
    await io.close();
  });
  return io;
}
