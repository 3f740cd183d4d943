import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { systemResolver } from './address-check.ts';
import { type DeliveryRun, webhookSender } from './sender.ts';
import type {
  FromSenderThread,
  RunAnswer,
  RunRequest,
  SenderThreadData,
  ToSenderThread,
} from './sender-thread.ts';

// The webhook sending thread (see sender-thread.ts): makes the runs of deliveries it is handed and
// answers their outcomes, the runs that end in the same turn in one message.

/** How much nicer the sending thread is than the process (nice values run from -20 to 19, the lowest priority). */
const SENDER_NICER_BY = 10;
const port = parentPort;
if (!port) throw new Error('This module runs as a worker thread');
// The thread yields the CPU to the board's thread: on Linux a thread's priority is its own, and this
// one is made 10 nicer than the process. Elsewhere the priority is the whole process's, so it is kept.
if (process.platform === 'linux') {
  try {
    setPriority(Math.min(19, getPriority() + SENDER_NICER_BY));
  } catch {
    // Refused: the thread sends at the process's priority.
  }
}
const { settings, timeoutMs, userAgent } = workerData as SenderThreadData;
const sender = webhookSender({ settings, resolve: systemResolver, timeoutMs, userAgent });
const running = new Map<number, DeliveryRun>();

let answers: RunAnswer[] = [];
function answer() {
  const ended = answers;
  answers = [];
  port?.postMessage({ type: 'ran', answers: JSON.stringify(ended) } satisfies FromSenderThread);
}

port.on('message', (message: ToSenderThread) => {
  if (message.type === 'cancel') running.get(message.id)?.cancel();
  else if (message.type === 'destroy') {
    for (const run of running.values()) run.cancel();
    void sender.destroy().finally(() => {
      // The outcomes of the runs the destroy ended go first.
      setImmediate(() => port.postMessage({ type: 'destroyed' } satisfies FromSenderThread));
    });
  } else {
    for (const { id, url, items, secrets } of JSON.parse(message.runs) as RunRequest[]) {
      const run = sender.run(url, items, secrets);
      running.set(id, run);
      void run.done.then((outcomes) => {
        running.delete(id);
        if (answers.length === 0) setImmediate(answer);
        answers.push({ id, outcomes });
      });
    }
  }
});
