import { benchBoardRebuild } from './board-rebuild.ts';
import { benchBoardScale } from './board-scale.ts';
import { benchEventStoreAppends } from './event-store-appends.ts';
import { benchGazetteer } from './gazetteer.ts';
import { benchHttpCommands } from './http-commands.ts';
import { startBenchServer } from './http-server.ts';
import { benchProjectorCatchUp } from './projector-catch-up.ts';
import { benchPushLatency } from './push-latency.ts';
import { printTable, type Row } from './stats.ts';

/** `npm run bench`: every figure the product promises, printed as one table. */
const rows: Row[] = [];
const step = async (name: string, run: () => Promise<Row[]>) => {
  console.error(`running: ${name}…`);
  rows.push(...(await run()));
};

// BENCH_LARGE_BOARD (trucks of the larger organization, default 1,000,000) makes a quicker trial run.
const large = Number(process.env.BENCH_LARGE_BOARD ?? 1_000_000);
if (process.argv[2] === 'gazetteer') {
  // `npm run bench -- gazetteer`: only the gazetteer's load and the city search (seconds).
  const server = await startBenchServer();
  try {
    await step('gazetteer', () => benchGazetteer(server));
  } finally {
    await server.stop();
  }
} else if (process.argv[2] === 'rebuild') {
  // `npm run bench -- rebuild`: only the projector's rebuild of the board.
  await step(`board rebuild (${large / 10} and ${large} trucks)`, () => benchBoardRebuild({ large }));
} else {
  // `npm run bench -- commands`: only the figures before the board at scale (a minute).
  await step('event store appends', benchEventStoreAppends);
  await step('projector catch-up', () => benchProjectorCatchUp(100_000));
  const server = await startBenchServer();
  try {
    await step('HTTP commands', () => benchHttpCommands(server));
    await step('push latency', () => benchPushLatency(server));
    await step('gazetteer', () => benchGazetteer(server));
  } finally {
    await server.stop();
  }
  if (process.argv[2] !== 'commands') {
    await step(`board at scale (${large / 10} and ${large} trucks)`, () => benchBoardScale({ large }));
  }
}
console.log('');
printTable(rows);
