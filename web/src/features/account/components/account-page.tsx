import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import { FormAlert } from '../../../components/ui/form-alert';
import { useSession } from '../../../lib/session';
import {
  homePath,
  isVerifyEmailError,
  socialErrorMessage,
  type Viewer,
  verifyEmailError,
  verifyEmailErrorMessage,
} from '../../auth';
import { useLinkedAccounts } from '../api/linked-accounts';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { LinkedAccountsSection } from './linked-accounts-section';
import { PasswordSection } from './password-section';
import { PhoneSection } from './phone-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

/** What a link that came back here with `error` (a verification or a provider link) reports. */
function returnedError(code: string | undefined): string | null {
  if (!code) return null;
  if (isVerifyEmailError(code)) return verifyEmailErrorMessage(verifyEmailError(code));
  return socialErrorMessage(code);
}

/**
 * The signed-in user's own account: profile, e-mail, password, sign-in methods, sessions and
 * deletion. `error` is what the service reported when a mailed link or a provider link that
 * returns here failed.
 */
export function AccountPage({ viewer, error }: { viewer: Viewer; error?: string | undefined }) {
  const { data: session } = useSession();
  const { data: accounts } = useLinkedAccounts();
  const navigate = useNavigate();
  if (!session) return null;

  // Until the list arrives the password form shows: most accounts have one.
  const hasPassword = accounts ? accounts.some((account) => account.providerId === 'credential') : true;
  const onDeleted = () => {
    toast.success('Your account has been deleted');
    void navigate({ to: '/login', replace: true });
  };

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to={homePath(viewer)}
          className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back
        </Link>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Account</h1>
          <p className="mt-1 text-sm text-muted-foreground">Your profile, sign-in and sessions.</p>
        </div>
      </div>
      <FormAlert message={returnedError(error)} />
      {/* Keyed by user: a refreshed session after a save resets the forms to what was stored. */}
      <ProfileSection key={`profile-${session.user.id}`} user={session.user} />
      <PhoneSection user={session.user} />
      <EmailSection user={session.user} />
      <PasswordSection hasPassword={hasPassword} />
      <LinkedAccountsSection />
      <SessionsSection currentSessionId={session.session.id} />
      <DeleteAccountSection email={session.user.email} onDeleted={onDeleted} />
    </div>
  );
}
