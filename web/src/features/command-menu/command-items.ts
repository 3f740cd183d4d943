import { canSeeActivity, canUseSignPro, type MemberRole } from '@dispatch/domain';

/** The screens the command menu goes to: the organization area's (they take its slug), the account's, the admin's. */
export type ScreenPath =
  | '/account'
  | '/admin'
  | '/$orgSlug/overview'
  | '/$orgSlug/trucks'
  | '/$orgSlug/loads'
  | '/$orgSlug/trucks/post'
  | '/$orgSlug/loads/post'
  | '/$orgSlug/radius'
  | '/$orgSlug/radius-360'
  | '/$orgSlug/lanes'
  | '/$orgSlug/saved-searches'
  | '/$orgSlug/sign-pro'
  | '/$orgSlug/sign-pro/drivers'
  | '/$orgSlug/sign-pro/clients'
  | '/$orgSlug/sign-pro/onboard-driver'
  | '/$orgSlug/sign-pro/onboard-client'
  | '/$orgSlug/members'
  | '/$orgSlug/activity'
  | '/$orgSlug/settings'
  | '/$orgSlug/settings/api-keys'
  | '/$orgSlug/settings/webhooks'
  | '/$orgSlug/testing';

export interface ScreenItem {
  /** What tells it from the others in the list: its path, unless two entries share one. */
  id?: string;
  to: ScreenPath;
  label: string;
  /** Other words it is found by. */
  keywords: string[];
}

const everyone: ScreenItem[] = [
  { to: '/$orgSlug/overview', label: 'Overview', keywords: ['dashboard', 'home', 'charts', 'totals'] },
  { to: '/$orgSlug/trucks', label: 'Trucks', keywords: ['board', 'list'] },
  { to: '/$orgSlug/loads', label: 'Loads', keywords: ['board', 'list', 'freight'] },
  { to: '/$orgSlug/trucks/post', label: 'Post truck', keywords: ['new truck', 'add truck', 'create'] },
  { to: '/$orgSlug/loads/post', label: 'Post load', keywords: ['new load', 'add load', 'create', 'freight'] },
  { to: '/$orgSlug/radius', label: 'Radius search', keywords: ['near', 'miles', 'distance', 'around'] },
  { to: '/$orgSlug/radius-360', label: 'Radius 360', keywords: ['map', 'around', 'matches', 'sectors'] },
  {
    to: '/$orgSlug/lanes',
    label: 'Lane search',
    keywords: ['lanes', 'origin', 'destination', 'deadhead', 'matches', 'route'],
  },
  // A lane's history opens from the lane search, beside each lane found.
  {
    id: 'lane-history',
    to: '/$orgSlug/lanes',
    label: 'Lane history',
    keywords: ['rates', 'chart', 'trend', 'lanes', 'past'],
  },
  {
    to: '/$orgSlug/saved-searches',
    label: 'Saved searches',
    keywords: ['alerts', 'watch', 'standing', 'notifications', 'searches'],
  },
];
const signPro: ScreenItem[] = [
  { to: '/$orgSlug/sign-pro', label: 'Sign-pro', keywords: ['envelopes', 'agreements', 'signatures'] },
  { to: '/$orgSlug/sign-pro/drivers', label: 'Sign-pro drivers', keywords: ['envelopes', 'agreements'] },
  { to: '/$orgSlug/sign-pro/clients', label: 'Sign-pro clients', keywords: ['envelopes', 'agreements'] },
  { to: '/$orgSlug/sign-pro/onboard-driver', label: 'Onboard driver', keywords: ['send', 'sign-pro'] },
  { to: '/$orgSlug/sign-pro/onboard-client', label: 'Onboard client', keywords: ['send', 'sign-pro'] },
];
const members: ScreenItem = {
  to: '/$orgSlug/members',
  label: 'Members',
  keywords: ['team', 'people', 'invitations', 'invite'],
};
const activity: ScreenItem = {
  to: '/$orgSlug/activity',
  label: 'Activity',
  keywords: ['log', 'history', 'audit'],
};
const settings: ScreenItem[] = [
  {
    to: '/$orgSlug/settings',
    label: 'Settings',
    keywords: ['organization', 'name', 'time zone', 'posting age', 'expiry'],
  },
  {
    to: '/$orgSlug/settings/api-keys',
    label: 'API keys',
    keywords: ['tokens', 'bearer', 'integrations', 'settings'],
  },
  {
    to: '/$orgSlug/settings/webhooks',
    label: 'Webhooks',
    keywords: ['endpoints', 'events', 'deliveries', 'integrations', 'settings'],
  },
];
const systemCheck: ScreenItem = {
  to: '/$orgSlug/testing',
  label: 'System check',
  keywords: ['health', 'status', 'testing'],
};
const account: ScreenItem = {
  to: '/account',
  label: 'Account',
  keywords: ['profile', 'password', 'sessions', 'devices', 'email', 'sign out'],
};
const admin: ScreenItem = {
  to: '/admin',
  label: 'Admin',
  keywords: ['platform', 'organizations', 'users', 'read models', 'super admin'],
};

/**
 * The screens a member of this role may open, in the navigation's order, then their account, and
 * the platform's admin for a super_admin (`platformRole`, the session user's role).
 */
export function screensFor(role: MemberRole | null | undefined, platformRole?: string | null): ScreenItem[] {
  return [
    ...everyone,
    ...(role && canUseSignPro(role) ? signPro : []),
    ...(role === 'owner' || role === 'admin' ? [members] : []),
    ...(canSeeActivity(role) ? [activity] : []),
    ...(role === 'owner' || role === 'admin' ? settings : []),
    systemCheck,
    account,
    ...(platformRole === 'super_admin' ? [admin] : []),
  ];
}

/** The value cmdk knows a screen's entry by. */
export const screenValue = (screen: ScreenItem) => `screen:${screen.id ?? screen.to}`;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * The screens a query names: every word of the query starts a word of the screen's name or
 * keywords ("post tr" finds Post truck); all of them for an empty query.
 */
export function matchScreens(screens: readonly ScreenItem[], query: string): ScreenItem[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...screens];
  return screens.filter((screen) => {
    const own = words([screen.label, ...screen.keywords].join(' '));
    return wanted.every((word) => own.some((candidate) => candidate.startsWith(word)));
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a query can look up: text for the lists' search, a posting number, an envelope id. */
export interface Lookup {
  /** The text the lists search (null when too short to ask). */
  text: string | null;
  /** A truck's or a load's id ("#42" or "42"). */
  id: number | null;
  envelopeId: string | null;
}

export const MIN_SEARCH_LENGTH = 2;

export function lookupOf(query: string): Lookup {
  const text = query.trim();
  const number = /^#?(\d{1,15})$/.exec(text);
  const id = number ? Number(number[1]) : null;
  return {
    text: text.length >= MIN_SEARCH_LENGTH && text.length <= 100 ? text : null,
    id: id !== null && Number.isSafeInteger(id) && id > 0 ? id : null,
    envelopeId: UUID.test(text) ? text.toLowerCase() : null,
  };
}

/** Results of several lookups in one list, the first of each id kept. */
export function uniqueBy<T>(items: readonly T[], key: (item: T) => string | number): T[] {
  const seen = new Set<string | number>();
  return items.filter((item) => {
    const id = key(item);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
