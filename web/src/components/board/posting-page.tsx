import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/** The frame of the post and edit screens of trucks and loads. */
export function PostingPage({
  title,
  description,
  children,
  after,
}: {
  title: string;
  description: string;
  children: ReactNode;
  /** Shown below the form, e.g. the posting's history. */
  after?: ReactNode;
}) {
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </header>
      <Card className="px-6 pb-6">{children}</Card>
      {after}
    </div>
  );
}
