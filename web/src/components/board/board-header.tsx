import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export interface BoardHeaderProps {
  title: string;
  description: string;
  /** A refetch is under way, e.g. after a live change notice. */
  refreshing: boolean;
  /** Null while the board shows a moment of the past (read only). */
  post: { to: '/$orgSlug/trucks/post' | '/$orgSlug/loads/post'; orgSlug: string; label: string } | null;
  /** More buttons beside the post button. */
  extra?: ReactNode;
}

/** The heading of a list, in one slim line, with the button that posts to it (`n` does too). */
export function BoardHeader({ title, description, refreshing, post, extra }: BoardHeaderProps) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:gap-3">
        <h1 className="flex shrink-0 items-center gap-2 text-xl font-semibold tracking-tight">
          {title}
          {refreshing ? <Spinner label="Refreshing" /> : null}
        </h1>
        <p className="min-w-0 text-sm text-muted-foreground sm:truncate" title={description}>
          {description}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {extra}
        {post ? (
          <Button asChild size="sm" className="h-8">
            <Link to={post.to} params={{ orgSlug: post.orgSlug }} aria-keyshortcuts="n">
              <Plus aria-hidden />
              {post.label}
            </Link>
          </Button>
        ) : null}
      </div>
    </header>
  );
}
