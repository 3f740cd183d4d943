import { describe, expect, it } from 'vitest';
import type { Recorded } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import {
  decideWebhook,
  signingSecrets,
  WEBHOOK_DISABLED_BY_USER,
  type WebhookCommand,
  type WebhookState,
  webhookDecider,
} from './decider.ts';
import type { WebhookEvent } from './events.ts';
import { webhookCreateSchema, webhookPatchSchema } from './schemas.ts';

const at = '2026-03-01T12:00:00.000Z';

function fold(events: WebhookEvent[], orgId = 'org-a'): WebhookState {
  return events.reduce(
    (state, event, index) =>
      webhookDecider.evolve(state, {
        ...event,
        revision: BigInt(index),
        position: BigInt(index + 1),
        metadata: { orgId, actorId: 'user-1', occurredAt: at },
      } as Recorded<WebhookEvent>),
    webhookDecider.initialState(),
  );
}

const registered: WebhookEvent = {
  type: 'WebhookEndpointRegistered',
  data: {
    webhookId: 'hook-1',
    url: 'https://hooks.example.com/in',
    description: null,
    eventTypes: ['truck.posted'],
    secret: 'whsec_current',
    createdBy: { id: 'user-1', name: 'Olive' },
    after: '0',
  },
};

const decide = (command: WebhookCommand, events: WebhookEvent[] = [registered]) =>
  decideWebhook(command, fold(events));

describe('the webhook decider', () => {
  it("answers another organization's endpoint exactly as a missing one", () => {
    const commands: WebhookCommand[] = [
      { type: 'ChangeWebhook', data: { webhookId: 'hook-1', orgId: 'org-b', changes: { description: 'x' } } },
      { type: 'RemoveWebhook', data: { webhookId: 'hook-1', orgId: 'org-b' } },
      { type: 'RequestWebhookTest', data: { webhookId: 'hook-1', orgId: 'org-b', testId: 't' } },
    ];
    for (const command of commands) {
      const foreign = (() => {
        try {
          decide(command);
        } catch (error) {
          return error;
        }
      })();
      const missing = (() => {
        try {
          decide(command, []);
        } catch (error) {
          return error;
        }
      })();
      expect(foreign).toBeInstanceOf(DomainError);
      expect((foreign as DomainError).kind).toBe('not_found');
      expect((foreign as DomainError).message).toBe((missing as DomainError).message);
    }
  });

  it('keeps the rotated-out secret signing beside the new one for 24 hours', () => {
    const now = new Date(at);
    const [rotated] = decide({
      type: 'RotateWebhookSecret',
      data: { webhookId: 'hook-1', orgId: 'org-a', secret: 'whsec_next', now },
    }) as [WebhookEvent];
    expect(rotated).toEqual({
      type: 'WebhookSecretRotated',
      data: {
        webhookId: 'hook-1',
        secret: 'whsec_next',
        previousSecret: 'whsec_current',
        previousExpiresAt: '2026-03-02T12:00:00.000Z',
      },
    });
    const state = fold([registered, rotated]);
    if (state.status !== 'active') throw new Error('not active');
    expect(signingSecrets(state.endpoint, new Date('2026-03-02T11:59:59.000Z'))).toEqual([
      'whsec_next',
      'whsec_current',
    ]);
    expect(signingSecrets(state.endpoint, new Date('2026-03-02T12:00:00.000Z'))).toEqual(['whsec_next']);
  });

  it('turns an endpoint off and on, and a disabled one takes no replay, redelivery or test', () => {
    const [disabled] = decide({
      type: 'ChangeWebhook',
      data: { webhookId: 'hook-1', orgId: 'org-a', changes: {}, enabled: false },
    }) as [WebhookEvent];
    expect(disabled).toEqual({
      type: 'WebhookEndpointDisabled',
      data: { webhookId: 'hook-1', reason: WEBHOOK_DISABLED_BY_USER },
    });
    expect(() =>
      decide({ type: 'RequestWebhookReplay', data: { webhookId: 'hook-1', orgId: 'org-a', after: '0' } }, [
        registered,
        disabled,
      ]),
    ).toThrow('disabled');
    expect(
      decide(
        { type: 'ChangeWebhook', data: { webhookId: 'hook-1', orgId: 'org-a', changes: {}, enabled: true } },
        [registered, disabled],
      ).map((event) => event.type),
    ).toEqual(['WebhookEndpointEnabled']);
  });

  it('records nothing for a change that changes nothing', () => {
    expect(
      decide({
        type: 'ChangeWebhook',
        data: {
          webhookId: 'hook-1',
          orgId: 'org-a',
          changes: { url: 'https://hooks.example.com/in', eventTypes: ['truck.posted'] },
          enabled: true,
        },
      }),
    ).toEqual([]);
  });
});

describe('the webhook forms', () => {
  const valid = { url: 'https://hooks.example.com/in', eventTypes: ['truck.posted', 'load.posted'] };
  const errorsOf = (input: unknown) => {
    const result = webhookCreateSchema.safeParse(input);
    return result.success
      ? null
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('takes a URL, an optional description and distinct public event types', () => {
    expect(webhookCreateSchema.parse(valid)).toEqual({ ...valid, description: null });
  });

  it('refuses credentials in the URL, other schemes, long URLs and descriptions, repeated or unknown types', () => {
    expect(errorsOf({ ...valid, url: 'https://user:secret@hooks.example.com/in' })).toEqual([
      'url: URL must not contain a user name or password',
    ]);
    expect(errorsOf({ ...valid, url: 'ftp://hooks.example.com/in' })).toEqual([
      'url: URL must start with https://',
    ]);
    expect(errorsOf({ ...valid, url: `https://hooks.example.com/${'a'.repeat(2000)}` })).toEqual([
      'url: URL cannot be more than 2000 characters',
    ]);
    expect(errorsOf({ ...valid, description: 'd'.repeat(201) })).toEqual([
      'description: Description cannot be more than 200 characters',
    ]);
    expect(errorsOf({ ...valid, eventTypes: ['truck.posted', 'truck.posted'] })).toEqual([
      'eventTypes: Each event type may be chosen once',
    ]);
    expect(errorsOf({ ...valid, eventTypes: [] })).toEqual(['eventTypes: Choose at least one event type']);
    expect(errorsOf({ ...valid, eventTypes: ['webhook.test'] })?.[0]).toMatch(
      /^eventTypes\.0: Event types must be among/,
    );
    expect(webhookPatchSchema.safeParse({ enabled: 'yes' }).success).toBe(false);
  });
});
