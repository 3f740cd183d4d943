import autocannon from 'autocannon';
import { truckBody } from './fixtures.ts';
import type { BenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/** POST /api/v1/trucks under concurrent load for `seconds`, each response timed. */
export async function benchHttpCommands(server: BenchServer, seconds = 10, connections = 20): Promise<Row[]> {
  const latencies: number[] = [];
  let failures = 0;
  let finish: (result: autocannon.Result) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: `${server.url}/api/v1/trucks`,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
      body: JSON.stringify(truckBody(1)),
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 201) latencies.push(responseTime);
    else failures++;
  });
  const result = await done;
  const label = `POST /api/v1/trucks (${connections} connections, ${seconds} s)`;
  return [
    { benchmark: label, figure: 'requests/s (201 only)', value: fmt(latencies.length / seconds) },
    {
      benchmark: label,
      figure: 'latency p50 / p95 / p99 ms',
      value: [50, 95, 99].map((p) => fmt(percentile(latencies, p), 1)).join(' / '),
    },
    { benchmark: label, figure: 'non-201 responses / errors', value: `${failures} / ${result.errors}` },
  ];
}
