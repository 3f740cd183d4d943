import { Link } from '@tanstack/react-router';
import { Pencil, RefreshCw, Route, Trash2 } from 'lucide-react';
import { Button } from '../ui/button';

export interface RowActionsProps {
  /** The edit screen of the row's posting. */
  edit: {
    to: '/$orgSlug/trucks/edit/$id' | '/$orgSlug/loads/edit/$id';
    params: { orgSlug: string; id: number };
  };
  /** Names the posting in the buttons' tooltips, e.g. "Edit Truck 7". */
  editTitle: string;
  deleteTitle: string;
  onDelete: () => void;
  /** Re-posts the posting: its age starts again (docs/rules.md#posting-age-and-expiry). */
  refresh?: { title: string; pending: boolean; onRefresh: () => void };
  /** The ranked other side of the posting (trucks for a load, loads for a truck). */
  matches?: { kind: 'trucks' | 'loads'; id: number; orgSlug: string; title: string };
}

/** The edit and delete buttons at the end of a board row. */
export function RowActions({ edit, editTitle, deleteTitle, onDelete, matches, refresh }: RowActionsProps) {
  return (
    <div className="flex items-center justify-end gap-0.5">
      {refresh ? (
        <Button
          variant="ghost"
          size="icon"
          aria-label="Refresh"
          title={refresh.title}
          disabled={refresh.pending}
          className="text-muted-foreground hover:text-foreground"
          onClick={refresh.onRefresh}
        >
          <RefreshCw aria-hidden />
        </Button>
      ) : null}
      {matches ? (
        <Button asChild variant="ghost" size="icon" className="text-muted-foreground hover:text-foreground">
          <Link
            to="/$orgSlug/lanes/matches/$kind/$id"
            params={{ orgSlug: matches.orgSlug, kind: matches.kind, id: matches.id }}
            aria-label="Matches"
            title={matches.title}
          >
            <Route aria-hidden />
          </Link>
        </Button>
      ) : null}
      <Button asChild variant="ghost" size="icon" className="text-muted-foreground hover:text-foreground">
        <Link to={edit.to} params={edit.params} aria-label="Edit" title={editTitle}>
          <Pencil aria-hidden />
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Delete"
        title={deleteTitle}
        className="text-muted-foreground hover:bg-destructive/10 hover:text-destructive"
        onClick={onDelete}
      >
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
