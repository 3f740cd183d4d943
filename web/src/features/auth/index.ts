// What other features may use of this one; everything else in the folder is its own.
export { type SocialProvider, useSocialProviders } from './api/get-social-providers';
export { useSendVerificationEmail } from './api/send-verification-email';
export {
  isVerifyEmailError,
  socialErrorMessage,
  verifyEmailError,
  verifyEmailErrorMessage,
} from './auth-errors';
export { authPages } from './auth-pages';
export { SignUpForm } from './components/sign-up-form';
export { homePath, type Viewer } from './guards';
export type { SessionUser } from './types';
