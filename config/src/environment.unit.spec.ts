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

describe('QUOTA_*', () => {
  it('holds the defaults when nothing is set', () => {
    const { quotas } = loadEnvironment({});
    expect(quotas.organization.email).toEqual({ hour: 100, day: 500 });
    expect(quotas.youngOrganization.sms).toEqual({ hour: 5, day: 10 });
    expect(quotas.youngOrganizationDays).toBe(3);
    expect(quotas.phoneCodeUser).toEqual({ hour: 3, day: 10 });
  });

  it('takes <per hour>/<per day> for each scope and channel', () => {
    const { quotas } = loadEnvironment({
      QUOTA_ORGANIZATION_SMS: '7/70',
      QUOTA_RECEIVER_EMAIL: ' 2 / 9 ',
      QUOTA_YOUNG_ORGANIZATION_DAYS: '0',
      QUOTA_PHONE_CODE_NUMBER: '1/1',
    });
    expect(quotas.organization.sms).toEqual({ hour: 7, day: 70 });
    expect(quotas.organization.email).toEqual({ hour: 100, day: 500 });
    expect(quotas.receiver.email).toEqual({ hour: 2, day: 9 });
    expect(quotas.youngOrganizationDays).toBe(0);
    expect(quotas.phoneCodeNumber).toEqual({ hour: 1, day: 1 });
  });

  it('stops the start on anything else', () => {
    for (const value of ['100', '10/5', 'a/b', '-1/5', '1/2/3']) {
      expect(() => loadEnvironment({ QUOTA_USER_EMAIL: value }), value).toThrow(
        'Environment validation failed',
      );
    }
  });
});

describe('LIVE_PING_*', () => {
  it("holds Socket.IO's own pace when nothing is set, and takes whole seconds", () => {
    expect(loadEnvironment({}).livePing).toEqual({ intervalMs: 25_000, timeoutMs: 20_000 });
    expect(
      loadEnvironment({ LIVE_PING_INTERVAL_SECONDS: '2', LIVE_PING_TIMEOUT_SECONDS: '3' }).livePing,
    ).toEqual({ intervalMs: 2_000, timeoutMs: 3_000 });
  });

  it('stops the start on anything else', () => {
    for (const value of ['0', '1.5', '301', 'soon', '-2']) {
      for (const name of ['LIVE_PING_INTERVAL_SECONDS', 'LIVE_PING_TIMEOUT_SECONDS']) {
        expect(() => loadEnvironment({ [name]: value }), `${name}=${value}`).toThrow(
          'Environment validation failed',
        );
      }
    }
  });
});

describe('WEBHOOK_DELIVERIES_PER_SECOND', () => {
  it('holds 3,000 a second when nothing is set, and takes a whole number', () => {
    expect(loadEnvironment({}).webhooks.deliveriesPerSecond).toBe(3000);
    expect(loadEnvironment({ WEBHOOK_DELIVERIES_PER_SECOND: '5000' }).webhooks.deliveriesPerSecond).toBe(
      5000,
    );
  });

  it('stops the start on anything else', () => {
    for (const value of ['0', '99', '2500.5', 'fast', '100001'])
      expect(() => loadEnvironment({ WEBHOOK_DELIVERIES_PER_SECOND: value }), value).toThrow(
        'Environment validation failed',
      );
  });
});
