import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installErrorHandler } from './boundary.ts';
import { crossSiteRefusal, trustedOriginMatcher } from './origin-check.ts';
import { serverOptions } from './server-hardening.ts';

describe('a failure no input should reach', () => {
  it('answers 500 with the request id and logs it as one JSON line with that id, by default', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).trim().split('\n'));
        done();
      },
    });
    const options = serverOptions({ trustProxy: false, logger: 'errors' });
    const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
    installErrorHandler(app);
    app.get('/api/v1/broken', async () => {
      throw new Error('the read model is gone');
    });
    const response = await app.inject({ method: 'GET', url: '/api/v1/broken' });
    await app.close();

    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body).toMatchObject({
      success: false,
      code: 'INTERNAL_SERVER_ERROR',
      message: 'Internal server error',
    });
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.level >= 50);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ reqId: body.requestId, url: '/api/v1/broken', msg: 'request failed' });
    expect(logged[0].err.message).toBe('the read model is gone');
  });
});

describe('trusted origins', () => {
  const isTrusted = trustedOriginMatcher(['http://localhost:3000', 'https://*.dispatch.example']);

  it('matches the exact origins and the wildcard subdomains only', () => {
    expect(isTrusted('http://localhost:3000')).toBe(true);
    expect(isTrusted('http://localhost:3000/')).toBe(true);
    expect(isTrusted('https://ops.dispatch.example')).toBe(true);
    expect(isTrusted('https://a.b.dispatch.example')).toBe(true);
    for (const origin of [
      'http://localhost:3001',
      'https://localhost:3000',
      'null',
      'http://evil.test',
      'https://dispatch.example.evil.test',
      'https://evil.test/.dispatch.example',
      'http://ops.dispatch.example',
      'file://',
      '',
    ]) {
      expect(isTrusted(origin), origin).toBe(false);
    }
  });

  it('lets a request without Origin through only when the browser does not say it is cross-site', () => {
    expect(crossSiteRefusal({}, isTrusted)).toBeNull();
    expect(crossSiteRefusal({ 'sec-fetch-site': 'same-origin' }, isTrusted)).toBeNull();
    expect(crossSiteRefusal({ 'sec-fetch-site': 'same-site' }, isTrusted)).toBe('Invalid origin');
    expect(crossSiteRefusal({ 'sec-fetch-site': 'cross-site' }, isTrusted)).toBe('Invalid origin');
    expect(crossSiteRefusal({ origin: 'null', 'sec-fetch-site': 'same-origin' }, isTrusted)).toBe(
      'Invalid origin',
    );
  });
});
