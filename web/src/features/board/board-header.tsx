import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

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

/** The heading of a list with the button that posts to it. */
export function BoardHeader({ title, description, refreshing, post, extra }: BoardHeaderProps) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          {title}
          {refreshing ? <Spinner label="Refreshing" /> : null}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {extra}
        {post ? (
          <Button asChild>
            <Link to={post.to} params={{ orgSlug: post.orgSlug }}>
              <Plus aria-hidden />
              {post.label}
            </Link>
          </Button>
        ) : null}
      </div>
    </header>
  );
}
