import type { SessionAnswer, SessionUserAnswer } from '@dispatch/domain';

/** The signed-in user, as the session answer carries it (domain/src/identity/answers.ts). */
export type SessionUser = SessionUserAnswer;

/** What GET /api/auth/get-session returns for a signed-in visitor. */
export type SessionView = SessionAnswer;
