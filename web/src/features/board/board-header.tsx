import { Link } from '@tanstack/react-router';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

export interface BoardHeaderProps {
  title: string;
  description: string;
  /** A refetch is under way, e.g. after a live change notice. */
  refreshing: boolean;
  post: { to: '/$orgSlug/trucks/post' | '/$orgSlug/loads/post'; orgSlug: string; label: string };
}

/** The heading of a list with the button that posts to it. */
export function BoardHeader({ title, description, refreshing, post }: BoardHeaderProps) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          {title}
          {refreshing ? <Spinner label="Refreshing" /> : null}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      <Button asChild>
        <Link to={post.to} params={{ orgSlug: post.orgSlug }}>
          <Plus aria-hidden />
          {post.label}
        </Link>
      </Button>
    </header>
  );
}
