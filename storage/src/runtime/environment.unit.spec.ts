import { describe, expect, it } from 'vitest';
import { loadEnvironment, trustedProxiesFrom } from './environment.ts';

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy by default', () => {
    expect(loadEnvironment({}).trustProxy).toBe(false);
  });

  it('takes a hop count, or addresses, ranges and the named ranges', () => {
    expect(trustedProxiesFrom('1')).toBe(1);
    expect(trustedProxiesFrom('172.28.0.10, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual([
      '172.28.0.10',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadEnvironment({ TRUSTED_PROXIES: '172.28.0.10' }).trustProxy).toEqual(['172.28.0.10']);
  });

  it('stops the start on anything else', () => {
    for (const value of ['true', '10.0.0.0/33', 'gateway', '1.2.3', '10.0.0.1/8/2', '::1/129']) {
      expect(trustedProxiesFrom(value), value).toBeNull();
      expect(() => loadEnvironment({ TRUSTED_PROXIES: value }), value).toThrow(
        'Environment validation failed',
      );
    }
  });
});
