import { Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { ThemeMenu } from '../../components/theme/theme-menu';
import { Card } from '../../components/ui/card';

/**
 * Sign-in, sign-up and the other screens for visitors: one calm card, no product name (docs/rules.md#what-the-product-does),
 * and the theme choice in a corner, since there is no user menu to hold it.
 */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="relative flex min-h-screen items-center justify-center bg-muted/40 px-4 py-12">
      <div className="flex w-full max-w-sm flex-col gap-6">
        <div className="flex flex-col items-center gap-3 text-center">
          <span className="flex size-11 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <Truck className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
            <p className="mt-1 text-sm text-muted-foreground">{description}</p>
          </div>
        </div>
        <Card className="p-6">{children}</Card>
        {footer ? <p className="text-center text-sm text-muted-foreground">{footer}</p> : null}
      </div>
      {/* Last in the document, so the form comes first to keyboard and screen reader users. */}
      <ThemeMenu className="absolute top-2 right-2 md:top-4 md:right-4" />
    </main>
  );
}
