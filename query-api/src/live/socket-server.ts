import type { AuthService } from '@dispatch/auth';
import {
  type ChangeKind,
  isLiveChangeKind,
  LIVE_EVENTS,
  LIVE_SINCE_PARAMETER,
  type LiveChange,
  type LiveChangeKind,
  type LiveReady,
  MIN_POSITION_PARAMETER,
  PER_USER_CHANGE_KINDS,
} from '@dispatch/domain';
import type { ProductMetrics } from '@dispatch/http';
import { crossSiteRefusal, trustedOriginMatcher } from '@dispatch/http';
import { memberRoleOf, type ProjectionCommit } from '@dispatch/read-models';
import type { DocumentStore } from '@dispatch/storage';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { PostingExpiryOptions } from '../lists/live-postings.ts';
import type { ProjectionClock } from '../projection-clock.ts';
import { MAX_WAIT_MS } from '../read-your-writes.ts';
import { withPostingRows } from './posting-notice.ts';
import { RecentChanges } from './recent-changes.ts';

/** Sent to a socket just before the server closes it because its user left the organization. */
export const MEMBERSHIP_ENDED_EVENT = LIVE_EVENTS.membershipEnded;

export const organizationRoom = (orgId: string) => `org:${orgId}`;
/** One member's room in one organization: changes only they may hear of (their notifications). */
export const memberRoom = (orgId: string, userId: string) => `member:${orgId}:${userId}`;

const perUserKinds: ReadonlySet<ChangeKind> = new Set(PER_USER_CHANGE_KINDS);

function positionOf(auth: unknown, parameter: string = MIN_POSITION_PARAMETER): bigint | null {
  const raw = (auth as Record<string, unknown> | undefined)?.[parameter];
  return typeof raw === 'string' && /^\d{1,20}$/.test(raw) ? BigInt(raw) : null;
}

/**
 * What the server may hold for one client it cannot write to (a frozen tab, a link that died without
 * a close): beyond the socket buffers of the operating system, its pushes queue in the server's memory
 * until the ping timeout (about 45 s), however many there are. Past either bound the client is dropped
 * at once: it reconnects, and re-reads what is on screen as every connect does
 * (web/src/features/live/use-live-updates.ts). A client that reads keeps nothing queued.
 */
export const MAX_UNSENT_BYTES = 1024 * 1024;
export const MAX_UNSENT_PACKETS = 2000;

const sizeOf = (data: unknown) =>
  typeof data === 'string' ? data.length : data instanceof Uint8Array ? data.byteLength : 0;

/**
 * Counts what is queued for a socket and drops it when that passes the bounds: the packets its
 * connection has not handed to the transport yet (engine.io's write buffer, emptied at each flush),
 * and for a WebSocket what its TCP socket holds unwritten.
 */
function dropWhenBacklogged(socket: Socket, log: FastifyInstance['log']) {
  const connection = socket.conn;
  let packets = 0;
  let bytes = 0;
  let dropped = false;
  // The TCP socket a WebSocket session writes to (a session upgraded from polling writes elsewhere).
  const tcp = () =>
    connection.transport.name === 'websocket' && !connection.upgraded ? socket.request.socket : null;
  connection.on('packetCreate', (packet: { data?: unknown }) => {
    packets += 1;
    bytes += sizeOf(packet.data);
    if (dropped) return;
    const unsent = bytes + (tcp()?.writableLength ?? 0);
    if (unsent <= MAX_UNSENT_BYTES && packets <= MAX_UNSENT_PACKETS) return;
    dropped = true;
    log.warn({ unsentBytes: unsent, unsentPackets: packets }, 'live client not reading: dropped');
    // After the packet is queued: the connection is closed at once, its queue discarded, and the TCP
    // socket reset so the kernel lets go of what it holds too.
    setImmediate(() => {
      const socketOfTransport = tcp();
      connection.close(true);
      socketOfTransport?.resetAndDestroy();
    });
  });
  connection.on('flush', () => {
    packets = 0;
    bytes = 0;
  });
}

/** Changes after which someone in the room may no longer belong to the organization. */
const membershipKinds: ReadonlySet<LiveChangeKind> = new Set(['members', 'organization']);

/**
 * Socket.IO on the query API's HTTP server. The session cookie is checked in the handshake and the
 * server itself puts the socket in its organization's room: a client never names a room. A member
 * removed while connected is taken out at once: after each commit that changed the organization's
 * members, every socket in its room is checked against the members read model.
 */
export function attachLiveUpdates(
  app: FastifyInstance,
  options: {
    auth: AuthService;
    clock: ProjectionClock;
    documents: DocumentStore;
    trustedOrigins: readonly string[];
    /** Counts the messages each change fans out to. */
    metrics?: ProductMetrics;
    /** The pace of the pings that find a lost connection (Socket.IO's defaults without it). */
    livePing?: { intervalMs: number; timeoutMs: number };
  } & PostingExpiryOptions,
) {
  const isTrusted = trustedOriginMatcher(options.trustedOrigins);
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    // Sent to each client in the handshake: a browser counts its connection as lost after interval +
    // timeout without a ping, as the server does without an answer.
    ...(options.livePing
      ? { pingInterval: options.livePing.intervalMs, pingTimeout: options.livePing.timeoutMs }
      : {}),
    // A WebSocket is not bound by CORS: without this, any site could open one with a visitor's
    // cookies and watch their organization's board (the same origin rule as every command).
    allowRequest: (request, callback) => {
      const refusal = crossSiteRefusal(request.headers, isTrusted);
      callback(refusal, refusal === null);
    },
  });
  // What a client that comes back missed while away: kept from now on.
  const recent = new RecentChanges(options.clock.position());
  const isMember = async (orgId: string, userId: string) =>
    (await memberRoleOf(options.documents, orgId, userId)) !== null;

  io.use(async (socket, next) => {
    try {
      // Read your writes: a client that has just joined says the position of that write, and the
      // membership check waits (bounded) until the members read model has passed it.
      const wanted = positionOf(socket.handshake.auth);
      if (wanted !== null) await options.clock.waitFor(wanted, MAX_WAIT_MS);
      const context = await options.auth.getSession(socket.request.headers);
      const orgId = context?.session.activeOrganizationId;
      if (!context || !orgId || !(await isMember(orgId, context.user.id)))
        return next(new Error('Unauthorized'));
      socket.data.orgId = orgId;
      socket.data.userId = context.user.id;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    dropWhenBacklogged(socket, app.log);
    const orgId = socket.data.orgId as string;
    const userId = socket.data.userId as string;
    void socket.join([organizationRoom(orgId), memberRoom(orgId, userId)]);
    // A client coming back says the last position it applied: it hears what it missed since, in the
    // same turn as it joined the rooms, so no commit falls between the two or reaches it twice.
    const since = positionOf(socket.handshake.auth, LIVE_SINCE_PARAMETER);
    const missed = since === null ? null : recent.since(since, orgId, userId);
    for (const change of missed ?? []) socket.emit(LIVE_EVENTS.change, change);
    const ready: LiveReady = { position: options.clock.position().toString(), caughtUp: missed !== null };
    socket.emit(LIVE_EVENTS.ready, ready);
  });

  async function dropFormerMembers(orgId: string) {
    const room = organizationRoom(orgId);
    // Only this process's sockets: every query API process follows the same commits and checks its own.
    for (const socketId of io.of('/').adapter.rooms.get(room) ?? []) {
      const socket = io.of('/').sockets.get(socketId);
      if (!socket || (await isMember(orgId, socket.data.userId as string))) continue;
      socket.emit(MEMBERSHIP_ENDED_EVENT, { orgId });
      socket.leave(room);
      socket.disconnect(true);
    }
  }

  // Each commit's rows are read as it comes, while earlier ones are still being read; its notices go
  // out in the order of the commits.
  let sending: Promise<void> = Promise.resolve();
  const unsubscribe = options.clock.subscribe((commit) => {
    recent.add(commit);
    const notices = prepare(commit);
    sending = sending
      .then(async () => send(await notices))
      .catch((error) => app.log.error({ err: error }, 'live push failed'));
  });

  /** The notices of one commit: per-member ones as they are, the organizations' with their rows. */
  function prepare(commit: ProjectionCommit) {
    const position = commit.position.toString();
    const notices: Promise<{ room: string; message: LiveChange; members: boolean }>[] = [];
    for (const change of commit.changes) {
      const kind = change.kind;
      // The projector's own notices (a rebuild asked for) are not the browsers' business.
      if (!isLiveChangeKind(kind)) continue;
      if (perUserKinds.has(kind)) {
        for (const userId of change.ids) {
          const room = memberRoom(change.orgId, String(userId));
          const message: LiveChange = { kind, ids: [userId], position, orgId: change.orgId };
          notices.push(Promise.resolve({ room, message, members: false }));
        }
        continue;
      }
      const room = organizationRoom(change.orgId);
      // Rows are read only for a room someone is in: one read per commit, one message for all its sockets.
      const listening = (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
      const notice: LiveChange = { kind, ids: change.ids, position, orgId: change.orgId };
      const message = listening
        ? withPostingRows(options.documents, options, notice)
        : Promise.resolve(notice);
      notices.push(message.then((read) => ({ room, message: read, members: membershipKinds.has(kind) })));
    }
    return Promise.all(notices);
  }

  function send(notices: { room: string; message: LiveChange; members: boolean }[]) {
    for (const { room, message, members } of notices) {
      io.to(room).emit(LIVE_EVENTS.change, message);
      options.metrics?.pushed(message.kind, io.of('/').adapter.rooms.get(room)?.size ?? 0);
      if (members) {
        dropFormerMembers(message.orgId).catch((error) =>
          app.log.error({ err: error }, 'membership check failed'),
        );
      }
    }
  }

  // Before the HTTP server stops listening: every socket is told, then closed, so none holds the
  // server open and each browser reconnects on its own.
  app.addHook('preClose', async () => {
    io.emit(LIVE_EVENTS.serverStopping, {});
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await io.close();
  });
  return io;
}
