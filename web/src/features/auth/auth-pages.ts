/**
 * Where the service's mailed links and provider callbacks land in this app. They are relative
 * paths, which the service accepts as redirect targets without an origin check.
 */
export const authPages = {
  login: '/login',
  resetPassword: '/reset-password',
  /** The landing of a followed verification link; a failure adds `error=<reason>` to it. */
  emailVerified: '/verify-email?verified=true',
  account: '/account',
} as const;
