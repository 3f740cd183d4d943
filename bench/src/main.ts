// The product's processes keep a compile cache: so do the bench's, and the processes it starts.
import '@dispatch/config/compile-cache';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchActivityQueries } from './activity-queries.ts';
import { benchAsOfQueries } from './as-of-queries.ts';
import { benchBackup } from './backup.ts';
import { benchBoardRebuild } from './board-rebuild.ts';
import { benchBoardScale } from './board-scale.ts';
import { benchCsvImport } from './csv-import.ts';
import { benchEnvelopeQueries } from './envelope-queries.ts';
import { benchEventFeed } from './event-feed.ts';
import { benchEventStoreAppends } from './event-store-appends.ts';
import { benchFloor } from './floor.ts';
import { benchGazetteer } from './gazetteer.ts';
import { benchedGroups, benchGroupRebuild } from './group-rebuild.ts';
import { benchHttpCommands } from './http-commands.ts';
import { benchHttpLoad, type HttpLoadScenario, httpLoadScenarios } from './http-load.ts';
import { startBenchServer } from './http-server.ts';
import { benchLaneHistory } from './lane-history.ts';
import { benchLanes } from './lanes.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchPostingExpiry } from './posting-expiry.ts';
import { benchProjectorCatchUp } from './projector-catch-up.ts';
import { benchPushLatency } from './push-latency.ts';
import { benchRebuildFloor } from './rebuild-floor.ts';
import { benchServices } from './services.ts';
import { benchSignedPdf } from './signed-pdf.ts';
import { benchSoak } from './soak.ts';
import { benchStandingSearches } from './standing-searches.ts';
import { printTable, type Row } from './stats.ts';
import { benchSystemCheck } from './system-check.ts';
import { benchTextSearch } from './text-search.ts';
import { benchUpgradeStart } from './upgrade-start.ts';
import { benchWebhooks } from './webhooks.ts';

/** `npm run bench`: every figure the product promises, printed as one table. */
const rows: Row[] = [];
const step = async (name: string, run: () => Promise<Row[]>) => {
  console.error(`running: ${name}…`);
  rows.push(...(await run()));
};

// BENCH_LARGE_BOARD (trucks of the larger organization, default 1,000,000) makes a quicker trial run.
const large = Number(process.env.BENCH_LARGE_BOARD ?? 1_000_000);
// BENCH_ENVELOPES (envelopes of sign-pro's organization, default 100,000), likewise.
const envelopes = Number(process.env.BENCH_ENVELOPES ?? 100_000);
// BENCH_AS_OF_TRUCKS (trucks of the as-of board, 10 versions each; default 100,000), likewise.
const asOfTrucks = Number(process.env.BENCH_AS_OF_TRUCKS ?? 100_000);
// BENCH_ACTIVITY_ROWS (entries of the activity log's organization, default 100,000), likewise.
const activityRows = Number(process.env.BENCH_ACTIVITY_ROWS ?? 100_000);
// BENCH_FEED_ITEMS (items of the event feed, across ten organizations; default 1,000,000), likewise.
const feedItems = Number(process.env.BENCH_FEED_ITEMS ?? 1_000_000);
if (process.argv[2] === 'lighthouse') {
  // `npm run bench -- lighthouse`: Lighthouse's scores and paint times of the demo's screens (minutes).
  await step('lighthouse', benchLighthouse);
} else if (process.argv[2] === 'gazetteer') {
  // `npm run bench -- gazetteer`: only the gazetteer's load and the city search (seconds).
  const server = await startBenchServer();
  try {
    await step('gazetteer', () => benchGazetteer(server));
  } finally {
    await server.stop();
  }
} else if (process.argv[2] === 'envelopes') {
  // `npm run bench -- envelopes`: only sign-pro's list and counts (BENCH_ENVELOPES envelopes, default 100,000).
  await step(`envelopes (${envelopes} in one organization)`, () => benchEnvelopeQueries({ envelopes }));
} else if (process.argv[2] === 'signed-pdf') {
  // `npm run bench -- signed-pdf`: only the server's thread under a hostile signature, and signed-PDF downloads.
  const server = await startBenchServer();
  try {
    await step('signed PDF', () => benchSignedPdf(server));
  } finally {
    await server.stop();
  }
} else if (process.argv[2] === 'as-of') {
  // `npm run bench -- as-of`: only the board as of a moment (BENCH_AS_OF_TRUCKS trucks, 10 versions each).
  await step('board as of a moment', () => benchAsOfQueries({ trucks: asOfTrucks }));
} else if (process.argv[2] === 'activity') {
  // `npm run bench -- activity`: only the activity log (BENCH_ACTIVITY_ROWS entries, default 100,000).
  await step(`activity log (${activityRows} entries)`, () => benchActivityQueries({ rows: activityRows }));
} else if (process.argv[2] === 'feed') {
  // `npm run bench -- feed`: only the event feed's pages (BENCH_FEED_ITEMS items, default 1,000,000).
  await step(`event feed (${feedItems} items)`, () => benchEventFeed({ total: feedItems }));
} else if (process.argv[2] === 'lanes') {
  // `npm run bench -- lanes`: only the lane search and a load's matches (BENCH_LANE_TRUCKS trucks, default
  // 1,000,000, and a fifth as many loads).
  const trucks = Number(process.env.BENCH_LANE_TRUCKS ?? 1_000_000);
  await step(`lanes (${trucks} trucks, ${trucks / 5} loads)`, () =>
    benchLanes({ trucks, loads: trucks / 5 }),
  );
} else if (process.argv[2] === 'lane-history') {
  // `npm run bench -- lane-history`: only lane history (BENCH_LANE_HISTORY_LOADS loads, default 200,000).
  const loads = Number(process.env.BENCH_LANE_HISTORY_LOADS ?? 200_000);
  await step(`lane history (${loads} loads)`, () => benchLaneHistory({ loads }));
} else if (process.argv[2] === 'expiry') {
  // `npm run bench -- expiry`: only the postings' expiry sweep (BENCH_EXPIRY_DUE due trucks, default 100,000).
  const due = Number(process.env.BENCH_EXPIRY_DUE ?? 100_000);
  await step(`posting expiry (${due} due)`, () => benchPostingExpiry({ due }));
} else if (process.argv[2] === 'webhooks') {
  // `npm run bench -- webhooks`: only webhook deliveries to 20 loopback receivers (BENCH_WEBHOOK_EVENTS events, default 1,000).
  const events = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);
  await step('webhook deliveries', () => benchWebhooks({ events }));
} else if (process.argv[2] === 'services') {
  // `npm run bench -- services`: the services apart against the one process (minutes).
  await step('services apart', benchServices);
} else if (process.argv[2] === 'http-load') {
  // `npm run bench -- http-load [bare,list,post,patch,radius,appends]`: 50 connections, 20 s a figure (10 with BENCH_QUICK).
  const only = (process.argv[3]?.split(',') ?? httpLoadScenarios) as HttpLoadScenario[];
  await step('HTTP load', () => benchHttpLoad(only));
} else if (process.argv[2] === 'floor') {
  // `npm run bench -- floor`: open trucks boards as live sockets in a process of their own while trucks are
  // posted (BENCH_FLOOR_SCREENS, default 1,000; BENCH_FLOOR_POSTS_PER_SECOND, default 10; BENCH_FLOOR_SECONDS,
  // default 30; BENCH_FLOOR_PAGE_SIZE, default 50; BENCH_FLOOR_MODE=refetch: every notice reads the page again).
  const floor = {
    screens: Number(process.env.BENCH_FLOOR_SCREENS ?? 1000),
    postsPerSecond: Number(process.env.BENCH_FLOOR_POSTS_PER_SECOND ?? 10),
    seconds: Number(process.env.BENCH_FLOOR_SECONDS ?? 30),
    pageSize: Number(process.env.BENCH_FLOOR_PAGE_SIZE ?? 50),
    mode: process.env.BENCH_FLOOR_MODE === 'refetch' ? ('refetch' as const) : ('patch' as const),
  };
  await step('floor', () => benchFloor(floor));
} else if (process.argv[2] === 'standing-searches') {
  // `npm run bench -- standing-searches`: only the saved searches' alerts (1,000 searches, 20,000 events).
  await step('standing searches', () => benchStandingSearches());
} else if (process.argv[2] === 'csv-import') {
  // `npm run bench -- csv-import`: only the CSV import of 10,000 trucks and their export (about 20 s).
  await step('CSV import and export', () => benchCsvImport());
} else if (process.argv[2] === 'emmett') {
  // `npm run bench -- emmett`: only our event store beside Emmett's SQLite store, the same workloads on both
  // (one to two minutes, Emmett's single appends most of it: not in the full run).
  // Emmett and its native sqlite3 are not in the workspaces' install: bench/emmett has its own package and
  // lock file, installed here the first time (compiling sqlite3 takes a minute or two).
  const emmettFolder = fileURLToPath(new URL('../emmett/', import.meta.url));
  if (!existsSync(join(emmettFolder, 'node_modules'))) {
    console.error('installing bench/emmett (Emmett and sqlite3)…');
    const install = spawnSync('npm', ['install', '--prefix', emmettFolder, '--no-audit', '--no-fund'], {
      stdio: 'inherit',
    });
    if (install.status !== 0) throw new Error(`npm install --prefix bench/emmett failed (${install.status})`);
  }
  // A specifier tsc does not follow: the comparison is typechecked with bench/emmett/tsconfig.json.
  const comparison = new URL('../emmett/emmett-comparison.ts', import.meta.url).href;
  const { benchEmmettComparison } = (await import(comparison)) as {
    benchEmmettComparison: () => Promise<Row[]>;
  };
  await step('event store vs Emmett', () => benchEmmettComparison());
} else if (process.argv[2] === 'soak') {
  // `npm run bench -- soak`: only the mixed load held for BENCH_SOAK_MINUTES (default 10), minute by minute;
  // not in the full run (it takes its ten minutes).
  await step('soak', () => benchSoak());
} else if (process.argv[2] === 'text-search') {
  // `npm run bench -- text-search`: only the trucks list's text searches on the board at scale (BENCH_BOARD_DIR keeps the board).
  await step(`text search (${large / 10} and ${large} trucks)`, () =>
    benchTextSearch({ large, dir: process.env.BENCH_BOARD_DIR }),
  );
} else if (process.argv[2] === 'backup') {
  // `npm run bench -- backup`: only npm run backup of a store of BENCH_BACKUP_EVENTS events (default
  // 1,000,000; BENCH_BOARD_DIR keeps it) while the product serves it, then npm run restore of the copy.
  const events = Number(process.env.BENCH_BACKUP_EVENTS ?? 1_000_000);
  await step(`backup and restore (${events} events)`, () => benchBackup({ events }));
} else if (process.argv[2] === 'rebuild') {
  // `npm run bench -- rebuild`: only the projector's rebuild of the board.
  await step(`board rebuild (${large / 10} and ${large} trucks)`, () => benchBoardRebuild({ large }));
} else if (process.argv[2] === 'rebuild-group') {
  // `npm run bench -- rebuild-group`: only an admin's rebuild of some groups beside the live board, against
  // its floor (BENCH_REBUILD_GROUPS, default boards; BENCH_GROUP_TRUCKS, default 100,000; BENCH_BOARD_DIR).
  const trucks = Number(process.env.BENCH_GROUP_TRUCKS ?? 100_000);
  const groups = benchedGroups();
  await step(`rebuild of ${groups.join(', ')} beside the live board`, () =>
    benchGroupRebuild({ trucks, groups }),
  );
} else if (process.argv[2] === 'rebuild-upgrade') {
  // `npm run bench -- rebuild-upgrade`: only a start with a new version of every group, the boards back
  // first, against the boards' floor (BENCH_GROUP_TRUCKS, default 100,000; BENCH_BOARD_DIR).
  const trucks = Number(process.env.BENCH_GROUP_TRUCKS ?? 100_000);
  await step('a start with a new version of every group', () => benchUpgradeStart({ trucks }));
} else if (process.argv[2] === 'rebuild-floor') {
  // `npm run bench -- rebuild-floor`: only the least a rebuild of the first 1M events can cost, on a board
  // rebuilt before (BENCH_BOARD_DIR: a folder holding its events.sqlite and read-models.sqlite).
  const dir = process.env.BENCH_BOARD_DIR;
  if (!dir) throw new Error('BENCH_BOARD_DIR names the folder of a rebuilt board');
  await step('rebuild floor', () => benchRebuildFloor(dir, 1_000_000));
} else {
  // `npm run bench -- commands`: only the figures before the board at scale (a minute).
  await step('event store appends', benchEventStoreAppends);
  await step('projector catch-up', () => benchProjectorCatchUp(100_000));
  const server = await startBenchServer();
  try {
    await step('HTTP commands', () => benchHttpCommands(server));
    await step('push latency', () => benchPushLatency(server));
    await step('system check', () => benchSystemCheck(server));
    await step('gazetteer', () => benchGazetteer(server));
    await step('signed PDF', () => benchSignedPdf(server));
  } finally {
    await server.stop();
  }
  if (process.argv[2] !== 'commands') {
    await step('HTTP load', () => benchHttpLoad());
    await step(`board at scale (${large / 10} and ${large} trucks)`, () => benchBoardScale({ large }));
    await step(`envelopes (${envelopes} in one organization)`, () => benchEnvelopeQueries({ envelopes }));
    await step('board as of a moment', () => benchAsOfQueries({ trucks: asOfTrucks }));
    await step(`activity log (${activityRows} entries)`, () => benchActivityQueries({ rows: activityRows }));
    await step(`event feed (${feedItems} items)`, () => benchEventFeed({ total: feedItems }));
    await step('webhook deliveries', () => benchWebhooks());
    await step('CSV import and export', () => benchCsvImport());
    await step('standing searches', () => benchStandingSearches());
  }
}
console.log('');
printTable(rows);
