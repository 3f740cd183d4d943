import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { truckBody } from './fixtures.ts';
import { startBenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * A dispatch floor: the product in its own process (http-server.ts), `screens` open trucks boards as
 * Socket.IO clients in another (floor-screens-process.ts), and one dispatcher posting `postsPerSecond`
 * trucks for `seconds`. Each screen applies the notices as the web client does; the figures are whether
 * every screen showed every truck, post-to-screen p50 / p99 (from sending the post to the truck on the
 * screen's page), and the list reads per screen per post. `mode: 'refetch'` is every screen reading
 * its page again at every notice, as before notices carried rows.
 */
export async function benchFloor(options: {
  screens: number;
  postsPerSecond: number;
  seconds: number;
  pageSize: number;
  mode: 'patch' | 'refetch';
}): Promise<Row[]> {
  const { screens, postsPerSecond, seconds, pageSize, mode } = options;
  const server = await startBenchServer();
  let child: ChildProcess | undefined;
  try {
    child = fork(join(dirname(fileURLToPath(import.meta.url)), 'floor-screens-process.ts'), {
      env: {
        ...process.env,
        FLOOR_URL: server.url,
        FLOOR_COOKIE: server.cookie,
        FLOOR_SCREENS: String(screens),
        FLOOR_PAGE_SIZE: String(pageSize),
        FLOOR_MODE: mode,
      },
      execPath: process.execPath,
      execArgv: process.execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const screensProcess = child;
    const next = () =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        screensProcess.once('message', (message) => resolve(message as Record<string, unknown>));
        screensProcess.once('exit', (code) => reject(new Error(`screens exited with ${code}`)));
      });
    await next();
    console.error(`floor: ${screens} screens joined; posting ${postsPerSecond}/s for ${seconds} s (${mode})`);

    // Posted on a steady beat, each post sent without waiting for the one before.
    const sentAt = new Map<number, number>();
    const failed: number[] = [];
    const today = new Date().toISOString().slice(0, 10);
    const posts: Promise<void>[] = [];
    const total = Math.round(postsPerSecond * seconds);
    const started = performance.now();
    const loadBefore = loadavg()[0] ?? 0;
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / postsPerSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      posts.push(
        (async () => {
          const at = performance.timeOrigin + performance.now();
          const response = await fetch(`${server.url}/api/v1/trucks`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
            body: JSON.stringify({ ...truckBody(i), availabilityDate: today }),
          });
          if (response.status !== 201) {
            failed.push(response.status);
            return;
          }
          sentAt.set(((await response.json()) as { id: number }).id, at);
        })(),
      );
    }
    await Promise.all(posts);
    // The last posts' notices and reads.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const loadAfter = loadavg()[0] ?? 0;
    const report = next();
    screensProcess.send('report');
    const { shown, heard, listFetches, cpuShare } = (await report) as {
      shown: [number, number[]][];
      heard: [number, number[]][];
      listFetches: number;
      cpuShare: number;
    };
    const shownBy = new Map(shown);
    const heardBy = new Map(heard);
    const noticeLatencies: number[] = [];
    for (const [id, at] of sentAt) for (const time of heardBy.get(id) ?? []) noticeLatencies.push(time - at);
    const latencies: number[] = [];
    let misses = 0;
    for (const [id, at] of sentAt) {
      const times = shownBy.get(id) ?? [];
      misses += screens - times.length;
      for (const time of times) latencies.push(time - at);
    }
    const posted = sentAt.size;
    const label = `floor (${screens} screens, ${postsPerSecond} posts/s, ${seconds} s, ${mode === 'refetch' ? 'refetch at every notice' : 'patch or refetch'})`;
    return [
      {
        benchmark: label,
        figure: 'every screen shows every post',
        value: `${misses === 0 && failed.length === 0 ? 'yes' : 'no'} (${fmt(misses)} misses of ${fmt(posted * screens)}; ${failed.length} posts failed)`,
      },
      {
        benchmark: label,
        figure: 'post to screen p50 / p99 ms',
        value: `${fmt(percentile(latencies, 50))} / ${fmt(percentile(latencies, 99))}`,
      },
      {
        benchmark: label,
        figure: 'post to notice heard p50 / p99 ms',
        value: `${fmt(percentile(noticeLatencies, 50))} / ${fmt(percentile(noticeLatencies, 99))}`,
      },
      {
        benchmark: label,
        figure: "screens' process CPU (share of a core)",
        value: fmt(cpuShare, 2),
      },
      {
        benchmark: label,
        figure: 'list fetches per screen per post',
        value: `${fmt(listFetches / (screens * Math.max(1, posted)), 3)} (${fmt(listFetches)} fetches, ${fmt(listFetches / seconds)}/s)`,
      },
      {
        benchmark: label,
        figure: 'load average before / after',
        value: `${fmt(loadBefore, 2)} / ${fmt(loadAfter, 2)}`,
      },
    ];
  } finally {
    child?.kill();
    await server.stop();
  }
}
