import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ThemeMenu } from '../../../../components/theme/theme-menu';

/** The receiver's screens: no navigation, no account; the organization's name and the theme choice. */
export function SigningLayout({
  organizationName,
  children,
}: {
  organizationName?: string;
  children: ReactNode;
}) {
  return (
    <div className="min-h-screen bg-muted/40">
      <header className="sticky top-0 z-20 border-b border-border bg-card/95 backdrop-blur">
        <div className="mx-auto flex h-14 w-full max-w-3xl items-center justify-between gap-3 px-4">
          <div className="flex min-w-0 items-center gap-2">
            <ShieldCheck className="size-5 shrink-0 text-primary" aria-hidden />
            <span className="truncate text-sm font-semibold">{organizationName ?? 'Secure signing'}</span>
            {organizationName ? (
              <span className="hidden shrink-0 rounded-full border border-border px-2 py-0.5 text-xs text-muted-foreground sm:inline">
                Secure signing
              </span>
            ) : null}
          </div>
          <ThemeMenu />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">{children}</main>
    </div>
  );
}
