import { formatUsPhone } from '@dispatch/domain';
import { recalled, remember } from '../../lib/browser-memory';
import { useSession } from '../../lib/session';

/** The dispatcher contact a truck or load form carries. */
export interface PostingContact {
  dispatcherName: string;
  dispatcherEmail: string;
  dispatcherCountryCode: string;
  dispatcherMobileNumber: string;
}

/** The signed-in user as the session names them (phone kept in E.164, "+13125550142"). */
export interface ContactPerson {
  id: string;
  name: string;
  email: string;
  phoneNumber?: string | null;
}

/**
 * The contact a new truck or load starts with (docs/decisions.md#trucks-and-loads): the one this user
 * last posted with in this organization, kept in this browser per organization and user; without one,
 * the user's own profile. Edits keep the posting's own contact.
 */
const keyOf = (organizationId: string, userId: string) => `dispatch.contact.${organizationId}.${userId}`;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** The profile's phone in the national format; a number from outside the US is left for the user to type. */
const usPhoneOf = (phone: string | null | undefined): string => {
  const shown = phone ? formatUsPhone(phone) : '';
  return shown === phone ? '' : shown;
};

export function profileContact(person: ContactPerson | null | undefined): PostingContact {
  return {
    dispatcherName: person?.name ?? '',
    dispatcherEmail: person?.email ?? '',
    dispatcherCountryCode: '+1',
    dispatcherMobileNumber: usPhoneOf(person?.phoneNumber),
  };
}

export function defaultContact(
  organizationId: string,
  person: ContactPerson | null | undefined,
): PostingContact {
  const profile = profileContact(person);
  if (!person) return profile;
  const stored = recalled(keyOf(organizationId, person.id));
  if (!stored || typeof stored !== 'object') return profile;
  const kept = stored as Partial<Record<keyof PostingContact, unknown>>;
  const name = text(kept.dispatcherName);
  const email = text(kept.dispatcherEmail);
  const countryCode = text(kept.dispatcherCountryCode);
  const number = text(kept.dispatcherMobileNumber);
  if (!name || !email || !countryCode || !number) return profile;
  return {
    dispatcherName: name,
    dispatcherEmail: email,
    dispatcherCountryCode: countryCode,
    dispatcherMobileNumber: formatUsPhone(number),
  };
}

/** Keeps the contact a posting went out with, for this user's next post in this organization. */
export function rememberContact(organizationId: string, userId: string, contact: PostingContact): void {
  remember(keyOf(organizationId, userId), {
    dispatcherName: contact.dispatcherName,
    dispatcherEmail: contact.dispatcherEmail,
    dispatcherCountryCode: contact.dispatcherCountryCode,
    dispatcherMobileNumber: contact.dispatcherMobileNumber,
  });
}

/**
 * The contact a new post starts with, for the signed-in user in `organizationId`; `ready` once the
 * session has answered (from cache at once in the app), and `keep` to remember what was posted.
 */
export function usePostingContact(organizationId: string) {
  const session = useSession();
  const person = session.data?.user ?? null;
  return {
    ready: !session.isPending,
    contact: defaultContact(organizationId, person),
    keep: (contact: PostingContact) => {
      if (person) rememberContact(organizationId, person.id, contact);
    },
  };
}
