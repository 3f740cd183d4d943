import { LIVE_EVENTS, type LiveChange, type PostingListPage, patchPostingPage } from '@dispatch/domain';
import { io, type Socket } from 'socket.io-client';

/**
 * The screens of a dispatch floor, in a process of their own: each holds a live connection and the
 * first page of the trucks board, and applies each notice as the web client does (the domain's
 * patchPostingPage: patched in place when the row can be placed, else the page read again over HTTP).
 * `refetch` mode reads the page again at every notice, as screens did before notices carried rows.
 * Told `report` by its parent, it answers when each screen first showed each truck, and its reads.
 */

const url = process.env.FLOOR_URL as string;
const cookie = process.env.FLOOR_COOKIE as string;
const screens = Number(process.env.FLOOR_SCREENS);
const pageSize = Number(process.env.FLOOR_PAGE_SIZE);
const refetchOnly = process.env.FLOOR_MODE === 'refetch';
const query = { limit: pageSize, page: 0, orderBy: 'updatedAt', sort: 'desc' };

const now = () => performance.timeOrigin + performance.now();
/** Per truck id: when each screen first showed it. */
const shown = new Map<number, number[]>();
/** Per truck id: when each screen heard the notice naming it. */
const heard = new Map<number, number[]>();
let listFetches = 0;
let notices = 0;
let fetchErrors = 0;

function screen(index: number): Promise<Socket> {
  let page: (PostingListPage & { data: { id: number; version: number }[] }) | null = null;
  const seen = new Set<number>();
  let reading = false;
  let readAgainAt: string | null = null;

  const show = () => {
    if (!page) return;
    const at = now();
    for (const row of page.data) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      let times = shown.get(row.id);
      if (!times) {
        times = [];
        shown.set(row.id, times);
      }
      times.push(at);
    }
  };

  const read = async (position: string | null) => {
    if (reading) {
      readAgainAt = position;
      return;
    }
    reading = true;
    listFetches += 1;
    try {
      const response = await fetch(`${url}/api/v1/trucks?limit=${pageSize}`, {
        headers: { cookie, ...(position ? { 'x-min-position': position } : {}) },
      });
      if (response.ok) page = (await response.json()) as typeof page;
      else fetchErrors += 1;
      show();
    } catch {
      fetchErrors += 1;
    } finally {
      reading = false;
    }
    if (readAgainAt !== null) {
      const again = readAgainAt;
      readAgainAt = null;
      await read(again);
    }
  };

  const socket = io(url, {
    transports: ['websocket'],
    extraHeaders: { cookie, origin: url },
    reconnection: false,
  });
  socket.on(LIVE_EVENTS.change, (change: LiveChange) => {
    if (change.kind !== 'trucks') return;
    notices += 1;
    const arrived = now();
    for (const id of change.ids) {
      if (typeof id !== 'number') continue;
      let times = heard.get(id);
      if (!times) {
        times = [];
        heard.set(id, times);
      }
      times.push(arrived);
    }
    const patch = refetchOnly || !page || reading ? null : patchPostingPage('trucks', query, page, change);
    if (patch === null || patch.outcome === 'refetch') {
      void read(change.position);
      return;
    }
    if (patch.outcome === 'patched') page = patch.page;
    show();
  });
  return new Promise((resolve, reject) => {
    socket.once(LIVE_EVENTS.ready, async () => {
      await read(null);
      resolve(socket);
    });
    socket.once('connect_error', (error) => reject(new Error(`screen ${index}: ${error.message}`)));
  });
}

// Joined fifty at a time, as a floor's screens come up over a morning rather than in one instant.
const sockets: Socket[] = [];
for (let from = 0; from < screens; from += 50) {
  const batch = Array.from({ length: Math.min(50, screens - from) }, (_, i) => screen(from + i));
  sockets.push(...(await Promise.all(batch)));
}
listFetches = 0;
notices = 0;
const cpuAtJoin = process.cpuUsage();
const joinedAt = performance.now();
process.send?.({ joined: sockets.length });

process.on('message', (message) => {
  if (message !== 'report') return;
  const cpu = process.cpuUsage(cpuAtJoin);
  // The share of one core the screens used: near 1, they, not the server, set the pace.
  const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - joinedAt);
  const report = {
    shown: [...shown.entries()],
    heard: [...heard.entries()],
    listFetches,
    notices,
    fetchErrors,
    cpuShare,
  };
  process.send?.(report, () => {
    for (const socket of sockets) socket.close();
    process.exit(0);
  });
});
