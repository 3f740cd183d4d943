import type { QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { organizationsQueryOptions } from './api/list-organizations';

/**
 * Why a guard sent someone elsewhere: a redirect never happens silently. The guards call these just
 * before they throw their redirect (never while a link is only preloaded); the toast shows on the
 * page they land on (sonner keeps a toast made before its Toaster is mounted).
 */
export const guardNotices = {
  notMember: 'You are not a member of that organization',
  otherOrganization: (name: string) =>
    `${name} is not the organization you are working in: switch to it from the organization menu`,
  platformAdmin: 'Platform admins look at organizations from Admin → Organizations',
  members: 'Only owners and admins can open Members',
  activity: 'Only owners and admins can open Activity',
  settings: 'Only owners and admins can open Settings',
  apiKeys: 'Only owners and admins can open API keys',
  webhooks: 'Only owners and admins can open Webhooks',
  signPro: 'Sign-pro is for owners, admins and Member+',
} as const;

/** Shows `message` once, however many guards say it on the way. */
export function noticeRedirect(message: string): void {
  toast.warning(message, { id: message });
}

/**
 * The first path segment, decoded: the organization slug an address names (or a page of the app
 * that is no organization's, such as `onboarding`).
 */
export function firstSegment(href: string): string {
  const segment = (href.split(/[?#]/)[0] ?? '').split('/').find((part) => part.length > 0) ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Pages outside every organization: being sent from them to one's organization needs no word. */
const NOT_AN_ORGANIZATION = new Set(['', 'onboarding', 'account', 'accept-invitation', 'admin']);

/**
 * Says why an address naming organization `slug` was not opened: the user belongs to it but works in
 * another one (the session picks one organization at a time), or does not belong to it at all.
 */
export async function noticeForeignOrganization(queryClient: QueryClient, slug: string): Promise<void> {
  if (NOT_AN_ORGANIZATION.has(slug)) return;
  const mine = await queryClient.fetchQuery(organizationsQueryOptions()).catch(() => []);
  const other = mine.find((organization) => organization.slug === slug);
  noticeRedirect(other ? guardNotices.otherOrganization(other.name) : guardNotices.notMember);
}
