import { z } from 'zod';
import { dataAnswer, instantAnswer } from '../shared/answers.ts';
import type { Decider } from '../shared/decider.ts';

/**
 * Quotas on everything the product sends out of the building on a user's say-so: envelopes and their
 * resends, copied signing links, invitations, test messages, standing-search alert mails and phone
 * verification codes. Each send is counted per organization, per user and per receiver (the address or
 * number, across organizations), over the last hour and the last day; organizations younger than a few
 * days and text messages get lower limits. The counts are events of ledger streams in the event store
 * (see `quotaStreams`), so they survive restarts and hold across processes.
 */

export const quotaChannels = ['email', 'sms', 'link'] as const;
export type QuotaChannel = (typeof quotaChannels)[number];

/** What was sent: the reason a ledger entry exists. */
export const quotaKinds = [
  'envelope',
  'resend',
  'link',
  'invitation',
  'test',
  'alert',
  'phone-code',
] as const;
export type QuotaKind = (typeof quotaKinds)[number];

export const quotaScopes = ['organization', 'user', 'receiver'] as const;
export type QuotaScope = (typeof quotaScopes)[number];

export const quotaWindows = ['hour', 'day'] as const;
export type QuotaWindow = (typeof quotaWindows)[number];
export const quotaWindowMs: Record<QuotaWindow, number> = { hour: 3_600_000, day: 86_400_000 };

export interface WindowLimits {
  hour: number;
  day: number;
}
export type ChannelLimits = Record<QuotaChannel, WindowLimits>;

export interface QuotaSettings {
  organization: ChannelLimits;
  user: ChannelLimits;
  /** One address or number, whatever organization sends to it. */
  receiver: ChannelLimits;
  /** Applies to an organization and to each of its users during its first `youngOrganizationDays`. */
  youngOrganization: ChannelLimits;
  youngOrganizationDays: number;
  /** Phone verification codes a user may ask for. */
  phoneCodeUser: WindowLimits;
  /** Phone verification codes one number may be sent, whoever asks. */
  phoneCodeNumber: WindowLimits;
}

export const DEFAULT_QUOTAS: QuotaSettings = {
  organization: {
    email: { hour: 100, day: 500 },
    sms: { hour: 30, day: 100 },
    link: { hour: 100, day: 500 },
  },
  user: { email: { hour: 50, day: 200 }, sms: { hour: 15, day: 50 }, link: { hour: 50, day: 200 } },
  receiver: { email: { hour: 5, day: 20 }, sms: { hour: 3, day: 10 }, link: { hour: 5, day: 20 } },
  youngOrganization: {
    email: { hour: 20, day: 50 },
    sms: { hour: 5, day: 10 },
    link: { hour: 20, day: 50 },
  },
  youngOrganizationDays: 3,
  phoneCodeUser: { hour: 3, day: 10 },
  phoneCodeNumber: { hour: 3, day: 5 },
};

/** The organization limits a platform admin set for one organization; they replace the defaults (and the young ones). */
export interface OrganizationLimits {
  organization: ChannelLimits;
  user: ChannelLimits;
}

export const QUOTA_TAKEN = 'QuotaTaken';
export const QUOTA_RELEASED = 'QuotaReleased';
export const QUOTA_SKIPPED = 'QuotaSkipped';
export const QUOTA_LIMITS_SET = 'QuotaLimitsSet';
export const QUOTA_SCHEMA_VERSION = 1;

export interface QuotaTaken {
  type: typeof QUOTA_TAKEN;
  data: { takeId: string; channel: QuotaChannel; kind: QuotaKind; userId: string; at: number };
}
/** A take whose send was refused by another of its ledgers: it no longer counts. */
export interface QuotaReleased {
  type: typeof QUOTA_RELEASED;
  data: { takeId: string };
}
/** A send the product itself would have made (a standing-search alert) that a quota held back. */
export interface QuotaSkipped {
  type: typeof QUOTA_SKIPPED;
  data: {
    channel: QuotaChannel;
    kind: QuotaKind;
    userId: string;
    scope: QuotaScope;
    window: QuotaWindow;
    at: number;
  };
}
export interface QuotaLimitsSet {
  type: typeof QUOTA_LIMITS_SET;
  data: { organizationId: string; limits: OrganizationLimits; setBy: string };
}
export type QuotaEvent = QuotaTaken | QuotaReleased | QuotaSkipped | QuotaLimitsSet;

export type SetQuotaLimits = { type: 'SetQuotaLimits'; data: QuotaLimitsSet['data'] };

/** Setting is all there is to it: each setting is an event of its own, so the history is the audit. */
export const quotaLimitsDecider: Decider<null, SetQuotaLimits, QuotaLimitsSet> = {
  initialState: () => null,
  evolve: (state) => state,
  decide: (command) => [{ type: QUOTA_LIMITS_SET, data: command.data }],
};

/** The UTC day an instant falls on: ledgers are cut by day, so a count reads at most two short streams. */
export const quotaDay = (at: number) => new Date(at).toISOString().slice(0, 10);

export const quotaStreams = {
  organization: (orgId: string, day: string) => `quota-org.${orgId}.${day}`,
  /** Phone codes, which belong to no organization. */
  user: (userId: string, day: string) => `quota-user.${userId}.${day}`,
  /** `key` is a hash of the receiver: the ledger never holds an address or a number. */
  receiver: (key: string, day: string) => `quota-to.${key}.${day}`,
  limits: (orgId: string) => `quotalimits-${orgId}`,
};

export interface LedgerEntry {
  takeId: string;
  channel: QuotaChannel;
  kind: QuotaKind;
  userId: string;
  at: number;
}
export interface LedgerSkip {
  channel: QuotaChannel;
  kind: QuotaKind;
  scope: QuotaScope;
  window: QuotaWindow;
  at: number;
}
export interface LedgerState {
  entries: LedgerEntry[];
  skips: LedgerSkip[];
}

export const emptyLedger = (): LedgerState => ({ entries: [], skips: [] });

export function evolveLedger(state: LedgerState, event: { type: string; data: unknown }): LedgerState {
  switch (event.type) {
    case QUOTA_TAKEN:
      state.entries.push((event as QuotaTaken).data);
      return state;
    case QUOTA_RELEASED: {
      const { takeId } = (event as QuotaReleased).data;
      state.entries = state.entries.filter((entry) => entry.takeId !== takeId);
      return state;
    }
    case QUOTA_SKIPPED: {
      const { userId: _userId, ...skip } = (event as QuotaSkipped).data;
      state.skips.push(skip);
      return state;
    }
    default:
      return state;
  }
}

/** One limit a send is held to: which entries count, how many may be in the window. */
export interface QuotaRule {
  scope: QuotaScope;
  window: QuotaWindow;
  /** A window of its own instead of the hour or the day. */
  windowMs?: number;
  limit: number;
  /** The entries this rule counts. */
  counts: (entry: LedgerEntry) => boolean;
  /** Where the counted entries are: the organization's (or user's) ledger or the receiver's. */
  ledger: 'own' | 'receiver';
  /** The 429 message, given how many were sent and when the next may go. */
  message: (sent: number, resetAt: Date) => string;
  /** The refusal's code; QUOTA_EXCEEDED unless a rule keeps an older one. */
  code?: string;
}

export interface QuotaRefusal {
  rule: QuotaRule;
  sent: number;
  resetAt: Date;
  retryAfterSeconds: number;
  message: string;
  code: string;
}

/** When the entries `rule` counts within its window were sent, oldest first. */
export function countedTimes(
  rule: QuotaRule,
  ledgers: { own: LedgerEntry[]; receiver: LedgerEntry[] },
  now: number,
): number[] {
  const since = now - (rule.windowMs ?? quotaWindowMs[rule.window]);
  return ledgers[rule.ledger]
    .filter((entry) => entry.at > since && entry.at <= now && rule.counts(entry))
    .map((entry) => entry.at)
    .sort((a, b) => a - b);
}

/** The first rule the next send would break, or null when it may go. */
export function checkQuotaRules(
  rules: QuotaRule[],
  ledgers: { own: LedgerEntry[]; receiver: LedgerEntry[] },
  now: number,
): QuotaRefusal | null {
  for (const rule of rules) {
    const windowMs = rule.windowMs ?? quotaWindowMs[rule.window];
    const counted = countedTimes(rule, ledgers, now);
    if (counted.length < rule.limit) continue;
    // The next send may go once all but limit - 1 of the counted ones have left the window.
    const leaving = counted[counted.length - rule.limit] ?? now;
    const resetAt = new Date(leaving + windowMs);
    const retryAfterSeconds = Math.max(1, Math.ceil((resetAt.getTime() - now) / 1000));
    return {
      rule,
      sent: counted.length,
      resetAt,
      retryAfterSeconds,
      message: rule.message(counted.length, resetAt),
      code: rule.code ?? 'QUOTA_EXCEEDED',
    };
  }
  return null;
}

const channelNouns: Record<QuotaChannel, [string, string]> = {
  email: ['e-mail message', 'e-mail messages'],
  sms: ['text message', 'text messages'],
  link: ['signing link', 'signing links'],
};

export const quotaChannelLabels: Record<QuotaChannel, string> = {
  email: 'E-mail',
  sms: 'Text messages',
  link: 'Copied signing links',
};

const counted = (count: number, [one, many]: [string, string]) => `${count} ${count === 1 ? one : many}`;

/** "14:05 UTC", or "Jan 6, 14:05 UTC" when it is not today; rounded up to the minute. */
export function resetTimeWords(resetAt: Date, now: Date): string {
  const minute = new Date(Math.ceil(resetAt.getTime() / 60_000) * 60_000);
  const time = `${minute.toISOString().slice(11, 16)} UTC`;
  if (quotaDay(minute.getTime()) === quotaDay(now.getTime())) return time;
  const day = minute.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return `${day}, ${time}`;
}

const nextAfter = (resetAt: Date) => `the next can be sent after ${resetTimeWords(resetAt, new Date())}`;

/** The limits an organization and its users are held to now. */
export function effectiveLimits(
  settings: QuotaSettings,
  options: { young: boolean; custom: OrganizationLimits | null },
): OrganizationLimits {
  if (options.custom) return options.custom;
  if (!options.young) return { organization: settings.organization, user: settings.user };
  const lower = (limits: ChannelLimits): ChannelLimits =>
    Object.fromEntries(
      quotaChannels.map((channel) => [
        channel,
        {
          hour: Math.min(limits[channel].hour, settings.youngOrganization[channel].hour),
          day: Math.min(limits[channel].day, settings.youngOrganization[channel].day),
        },
      ]),
    ) as ChannelLimits;
  return { organization: lower(settings.organization), user: lower(settings.user) };
}

/** The rules of one send of `channel` by `userId` in an organization. */
export function sendRules(
  settings: QuotaSettings,
  limits: OrganizationLimits,
  options: { channel: QuotaChannel; userId: string; young: boolean; withReceiver: boolean },
): QuotaRule[] {
  const { channel, userId, young } = options;
  const noun = channelNouns[channel];
  const ofChannel = (entry: LedgerEntry) => entry.channel === channel;
  const rules: QuotaRule[] = [];
  for (const window of quotaWindows) {
    const orgLimit = limits.organization[channel][window];
    rules.push({
      scope: 'organization',
      window,
      limit: orgLimit,
      ledger: 'own',
      counts: ofChannel,
      message: (sent, resetAt) =>
        `Your organization has sent ${counted(sent, noun)} in the last ${window} (${
          young ? `the limit for an organization's first ${settings.youngOrganizationDays} days` : 'its limit'
        }); ${nextAfter(resetAt)}.`,
    });
    rules.push({
      scope: 'user',
      window,
      limit: limits.user[channel][window],
      ledger: 'own',
      counts: (entry) => ofChannel(entry) && entry.userId === userId,
      message: (sent, resetAt) =>
        `You have sent ${counted(sent, noun)} in the last ${window} (your limit${
          young ? ` in an organization's first ${settings.youngOrganizationDays} days` : ''
        }); ${nextAfter(resetAt)}.`,
    });
    if (options.withReceiver) {
      rules.push({
        scope: 'receiver',
        window,
        limit: settings.receiver[channel][window],
        ledger: 'receiver',
        counts: ofChannel,
        message: (sent, resetAt) =>
          `This ${channel === 'sms' ? 'number' : 'receiver'} has been sent ${counted(sent, noun)} in the last ${window} (the limit for one receiver); ${nextAfter(resetAt)}.`,
      });
    }
  }
  // Hour rules first: the nearer reset is the more useful answer.
  return rules.sort((a, b) => quotaWindowMs[a.window] - quotaWindowMs[b.window]);
}

/** The rules of one phone verification code: per user and per number. */
export function phoneCodeRules(settings: QuotaSettings, userId: string): QuotaRule[] {
  const isCode = (entry: LedgerEntry) => entry.kind === 'phone-code';
  const noun: [string, string] = ['verification code', 'verification codes'];
  return quotaWindows.flatMap((window): QuotaRule[] => [
    {
      scope: 'user',
      window,
      limit: settings.phoneCodeUser[window],
      ledger: 'own',
      counts: (entry) => isCode(entry) && entry.userId === userId,
      message: (sent, resetAt) =>
        `You have asked for ${counted(sent, noun)} in the last ${window} (the limit); ${nextAfter(resetAt)}.`,
    },
    {
      scope: 'receiver',
      window,
      limit: settings.phoneCodeNumber[window],
      ledger: 'receiver',
      counts: isCode,
      message: (sent, resetAt) =>
        `This number has been sent ${counted(sent, noun)} in the last ${window} (the limit); ${nextAfter(resetAt)}.`,
    },
  ]);
}

const limitNumber = z.coerce
  .number({ error: 'Enter a whole number' })
  .int('Enter a whole number')
  .min(0, 'A limit cannot be negative')
  .max(1_000_000, 'A limit cannot be more than 1,000,000');

const windowLimitsSchema = z
  .object({ hour: limitNumber, day: limitNumber })
  .strict()
  .refine((limits) => limits.day >= limits.hour, {
    error: "A day's limit cannot be lower than an hour's",
    path: ['day'],
  });

const channelLimitsSchema = z
  .object({ email: windowLimitsSchema, sms: windowLimitsSchema, link: windowLimitsSchema })
  .strict();

/** POST /api/v1/admin/organizations/{organizationId}/limits: the organization's and each user's limits. */
export const organizationLimitsSchema = z
  .object({ organization: channelLimitsSchema, user: channelLimitsSchema })
  .strict();
export type OrganizationLimitsInput = z.output<typeof organizationLimitsSchema>;

export const adminOrganizationIdParams = z
  .object({ organizationId: z.uuid({ error: 'Organization id must be a valid id' }) })
  .strict();

const windowLimitsAnswer = z.object({ hour: z.number(), day: z.number() });
const channelLimitsAnswer = z.object({
  email: windowLimitsAnswer,
  sms: windowLimitsAnswer,
  link: windowLimitsAnswer,
});

/** GET /api/v1/admin/organizations/{organizationId}/usage. */
export const organizationUsageAnswerSchema = dataAnswer(
  z.object({
    organizationId: z.string(),
    /** Within its first days, when the lower limits apply (unless an admin set its limits). */
    young: z.boolean(),
    youngUntil: instantAnswer().nullable(),
    channels: z.array(
      z.object({
        channel: z.enum(quotaChannels),
        lastHour: z.number(),
        lastDay: z.number(),
        /** Standing-search alerts the quota held back in the last day. */
        skippedLastDay: z.number(),
      }),
    ),
    limits: z.object({ organization: channelLimitsAnswer, user: channelLimitsAnswer }),
    /** Whether a platform admin set the limits (and who, when). */
    custom: z.boolean(),
    setBy: z.string().nullable(),
    setAt: instantAnswer().nullable(),
  }),
);
export type OrganizationUsage = z.output<typeof organizationUsageAnswerSchema>['data'];

/** POST limits (200). */
export const organizationLimitsAnswerSchema = z.object({ success: z.literal(true) }).loose();
