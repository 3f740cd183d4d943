import Fastify from 'fastify';

/**
 * The ceiling of the HTTP load figures: Fastify with one route and nothing else, in its own process
 * as the product is (see server-process.ts), answering a small JSON object.
 */
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.({ listening: true });
process.on('message', async (message) => {
  if (message === 'stop') {
    await app.close();
    process.exit(0);
  }
});
