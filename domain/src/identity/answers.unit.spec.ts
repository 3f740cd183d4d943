import { describe, expect, it } from 'vitest';
import {
  activeSessionsAnswerSchema,
  adminUserListAnswerSchema,
  deleteUserAnswerSchema,
  linkedAccountsAnswerSchema,
  sessionAnswerSchema,
  signInAnswerSchema,
  statusAnswerSchema,
} from './answers.ts';

/** Answers as better-auth 1.7.7 writes them (with this product's additional fields), and what they must keep. */

const at = '2026-11-23T16:50:53.123Z';
const user = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  emailVerified: true,
  image: null,
  createdAt: at,
  updatedAt: at,
  role: 'user',
  banned: false,
  banReason: null,
  banExpires: null,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: null,
  phoneNumberVerified: null,
};
const session = {
  id: 's1',
  token: 'tok',
  userId: 'u1',
  expiresAt: at,
  createdAt: at,
  updatedAt: at,
  ipAddress: '127.0.0.1',
  userAgent: 'Mozilla/5.0',
  activeOrganizationId: null,
};

describe('the authentication service answers', () => {
  it('reads a session, and null for a visitor', () => {
    expect(sessionAnswerSchema.parse({ session, user })?.user.firstName).toBe('Ada');
    expect(sessionAnswerSchema.parse(null)).toBeNull();
  });

  it('requires what the app reads, and ignores what it does not', () => {
    const { email: _email, ...withoutEmail } = user;
    expect(sessionAnswerSchema.safeParse({ session, user: withoutEmail }).success).toBe(false);
    expect(sessionAnswerSchema.safeParse({ session, user: { ...user, addedLater: 1 } }).success).toBe(true);
    expect(signInAnswerSchema.safeParse({ redirect: false, token: 'tok', user }).success).toBe(true);
    expect(statusAnswerSchema.safeParse({ success: true }).success).toBe(false);
  });

  it('reads the lists of the account page and the admin area', () => {
    expect(activeSessionsAnswerSchema.parse([session])[0]?.token).toBe('tok');
    const account = {
      id: 'a1',
      providerId: 'credential',
      accountId: 'u1',
      userId: 'u1',
      createdAt: at,
      updatedAt: at,
      scopes: [],
    };
    expect(linkedAccountsAnswerSchema.parse([account])).toHaveLength(1);
    expect(adminUserListAnswerSchema.parse({ users: [user], total: 1, limit: 10 }).total).toBe(1);
    expect(adminUserListAnswerSchema.parse({ users: [], total: 0 }).users).toEqual([]);
    expect(deleteUserAnswerSchema.parse({ success: true, message: 'Verification email sent' }).message).toBe(
      'Verification email sent',
    );
  });
});
