import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useSession } from '../../lib/session';

/** Screens outside an organization (onboarding, admin): content and the user menu. */
export function PlainLayout({ heading, children }: { heading?: string; children: ReactNode }) {
  const { data: session } = useSession();
  const navigate = useNavigate();
  return (
    <div className="min-h-screen bg-muted/30">
      <header className="flex h-14 items-center justify-between border-b border-border bg-card px-4 md:px-6">
        <span className="text-sm font-semibold">{heading}</span>
        {session ? (
          <UserMenu
            compact
            user={session.user}
            onSignedOut={() => void navigate({ to: '/login', replace: true })}
          />
        ) : null}
      </header>
      <main className="mx-auto w-full max-w-6xl px-4 py-10 md:px-6">{children}</main>
    </div>
  );
}
