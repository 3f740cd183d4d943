import { join } from 'node:path';
import { readOutbox } from '@dispatch/auth';
import { bombSignature, padSignature } from '@dispatch/test-kit';
import type { BenchServer } from './http-server.ts';
import { fmt, percentile, type Row } from './stats.ts';

/**
 * Watches the server's thread from outside: a trivial request every few milliseconds, each one's
 * answer time recorded. The slowest is the longest the server held every other request waiting.
 */
function probe(server: BenchServer) {
  const times: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      times.push(performance.now() - start);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return times;
    },
  };
}

async function sendEnvelope(server: BenchServer, dir: string, n: number) {
  const receiverEmail = `signer${n}@receivers.example`;
  const response = await fetch(`${server.url}/api/v1/envelopes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: server.cookie, origin: server.url },
    body: JSON.stringify({
      type: 'driver',
      deliveryMethod: 'email',
      receiverName: 'Dana Driver',
      receiverEmail,
    }),
  });
  if (response.status !== 201) throw new Error(`envelope not sent: ${await response.text()}`);
  const { envelope } = (await response.json()) as { envelope: { envelopeId: string } };
  const mail = (await readOutbox(join(dir, 'outbox'))).filter((m) => m.to === receiverEmail).at(-1);
  const token = /https?:\/\/\S+\/sign\/(\S+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no signing link mailed');
  return { envelopeId: envelope.envelopeId, token };
}

const sign = (server: BenchServer, token: string, signature: string) =>
  fetch(`${server.url}/api/v1/signing/${token}/sign`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ signerName: 'Dana Driver', signature }),
  });

async function download(server: BenchServer, envelopeId: string) {
  const start = performance.now();
  const response = await fetch(`${server.url}/api/v1/envelopes/${envelopeId}/document`, {
    headers: { cookie: server.cookie },
  });
  const bytes = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`document not served: ${response.status}`);
  return { ms: performance.now() - start, bytes: bytes.byteLength };
}

/**
 * The signed PDF's figures: the longest the server's thread is held (seen as the slowest answer to a
 * trivial request sent every 5 ms) while a hostile signature is submitted and the envelope's document
 * downloaded, and what a download of a signed document costs.
 */
export async function benchSignedPdf(server: BenchServer, downloads = 100): Promise<Row[]> {
  const rows: Row[] = [];
  const bench = 'signed PDF';

  // The hostile signature: submitted, then (if it was taken) its document downloaded three times.
  const hostile = await sendEnvelope(server, server.dir, 1);
  // Made before watching: inflating 16000 × 16000 pixels to deflate them holds this thread, not the server's.
  const bomb = bombSignature();
  const pad = padSignature();
  const baseline = probe(server);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const quiet = await baseline.stop();
  const watch = probe(server);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const signStart = performance.now();
  const answer = await sign(server, hostile.token, bomb);
  const signMs = performance.now() - signStart;
  await answer.arrayBuffer();
  const hostileDownloads: number[] = [];
  if (answer.status === 200) {
    for (let i = 0; i < 3; i++) hostileDownloads.push((await download(server, hostile.envelopeId)).ms);
  } else {
    // Refused: the receiver signs again with a pad's drawing, and the document is downloaded as usual.
    const signed = await sign(server, hostile.token, pad);
    if (signed.status !== 200) throw new Error(`pad signature refused: ${await signed.text()}`);
    for (let i = 0; i < 3; i++) hostileDownloads.push((await download(server, hostile.envelopeId)).ms);
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  const watched = await watch.stop();
  rows.push(
    {
      benchmark: bench,
      figure: 'hostile signature (16000×16000 PNG): /sign answer',
      value: `${answer.status} in ${fmt(signMs)} ms`,
    },
    {
      benchmark: bench,
      figure: 'hostile signature: its document downloads (3)',
      value: hostileDownloads.map((ms) => `${fmt(ms)} ms`).join(', '),
    },
    {
      benchmark: bench,
      figure: 'trivial request meanwhile: slowest (goal ≤ 50 ms)',
      value: `${fmt(Math.max(...watched), 1)} ms`,
    },
    {
      benchmark: bench,
      figure: 'trivial request when quiet: slowest',
      value: `${fmt(Math.max(...quiet), 1)} ms`,
    },
  );

  // A pad-signed envelope's document, downloaded again and again.
  const signed = await sendEnvelope(server, server.dir, 2);
  const done = await sign(server, signed.token, pad);
  if (done.status !== 200) throw new Error(`pad signature refused: ${await done.text()}`);
  const first = await download(server, signed.envelopeId);
  const times: number[] = [];
  for (let i = 0; i < downloads; i++) times.push((await download(server, signed.envelopeId)).ms);
  rows.push(
    {
      benchmark: bench,
      figure: 'first download after signing',
      value: `${fmt(first.ms, 1)} ms (${fmt(first.bytes / 1024)} KB)`,
    },
    { benchmark: bench, figure: `download p50 (${downloads})`, value: `${fmt(percentile(times, 50), 1)} ms` },
    { benchmark: bench, figure: `download p95 (goal ≤ 20 ms)`, value: `${fmt(percentile(times, 95), 1)} ms` },
  );
  return rows;
}
