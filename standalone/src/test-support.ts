import { type CommandApiOptions, postingExpirySweeper } from '@dispatch/command-api';
import { testEnvironment } from '@dispatch/test-kit';
import { createStandaloneApp, type StandaloneApp } from './app.ts';

// The helpers every API test uses live in the test kit, shared with the command and query APIs' tests.
export {
  createOrganization,
  freePort,
  requestsWith,
  signUp,
  upcomingLoad,
  upcomingTruck,
  validLoad,
  validTruck,
} from '@dispatch/test-kit';

/**
 * A whole product on a fresh temporary data folder, for integration tests. With `listen`, it serves
 * on a free local port whose address is also its public URL (browsers and Socket.IO clients need one).
 */
export async function startTestApp(
  options: {
    serveWeb?: boolean;
    listen?: boolean;
    env?: Record<string, string>;
    webhookDelivery?: CommandApiOptions['webhookDelivery'];
    /** The clock the postings' expiry is swept at (`sweepPostingExpiry`); the real one by default. */
    clock?: () => Date;
    /**
     * Whether the board hides postings past their expiry moment before a sweep expires them, as the
     * product does. Off unless asked: tests post on fixed calendar dates and expire postings themselves.
     */
    hidesPastExpiry?: boolean;
  } = {},
) {
  const { env, dataDir, port, url, remove } = await testEnvironment(options);
  const standalone: StandaloneApp = await createStandaloneApp(env, {
    serveWeb: options.serveWeb ?? false,
    webhookDelivery: options.webhookDelivery,
    // Tests expire postings themselves, at the times they choose.
    postingExpiryEveryMs: 0,
    hidesPastExpiry: options.hidesPastExpiry ?? false,
  });
  const clock = options.clock ?? (() => new Date());
  const expiries = postingExpirySweeper({
    store: standalone.infrastructure.eventStore,
    documents: standalone.infrastructure.documents,
    clock,
    log: { error: (error: unknown) => console.error('posting expiry', error) },
    projectionHold: standalone.projectionHold,
  });
  if (options.listen) await standalone.app.listen({ port, host: '127.0.0.1' });
  return {
    ...standalone,
    dataDir,
    url,
    /** Expires the postings due at `at` (the test's clock by default), as the product's sweep does; answers how many. */
    sweepPostingExpiry: (at?: Date) => expiries.sweep(at ?? clock()),
    async stop() {
      await standalone.close();
      remove();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
