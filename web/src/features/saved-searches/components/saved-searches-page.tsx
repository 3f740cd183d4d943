import { type SavedSearchAnswer, savedSearchKindLabels, savedSearchNameSchema } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Bell, Bookmark, Mail, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog';
import { InputField } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { isApiError } from '../../../lib/api-client';
import type { Organization } from '../../organizations';
import { useDeleteSavedSearch } from '../api/delete-saved-search';
import { savedSearchesQueryOptions } from '../api/get-saved-searches';
import { useUpdateSavedSearch } from '../api/update-saved-search';
import { boardOfKind, boardSearchOf } from '../saved-search-links';
import { describeSearch } from '../saved-search-wording';

const failureOf = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/** The alerts of one search, each a switch of its own. */
function AlertSwitches({ search }: { search: SavedSearchAnswer }) {
  const update = useUpdateSavedSearch();
  const pending = update.isPending ? update.variables?.patch.alert : undefined;
  const value = { ...search.alert, ...pending };
  const toggle = (alert: { inApp?: boolean; email?: boolean }) =>
    update.mutate(
      { id: search.id, patch: { alert } },
      { onError: (error) => toast.error(failureOf(error, 'Could not change the alerts')) },
    );
  const id = `alerts-${search.id}`;
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <legend className="sr-only">Alerts of {search.name}</legend>
      <label htmlFor={`${id}-app`} className="flex items-center gap-2 text-sm">
        <Switch
          id={`${id}-app`}
          checked={value.inApp}
          disabled={update.isPending}
          onCheckedChange={(inApp) => toggle({ inApp })}
        />
        <Bell className="size-4 text-muted-foreground" aria-hidden />
        In app
      </label>
      <label htmlFor={`${id}-email`} className="flex items-center gap-2 text-sm">
        <Switch
          id={`${id}-email`}
          checked={value.email}
          disabled={update.isPending}
          onCheckedChange={(email) => toggle({ email })}
        />
        <Mail className="size-4 text-muted-foreground" aria-hidden />
        E-mail
      </label>
    </fieldset>
  );
}

function RenameDialog({ search, onClose }: { search: SavedSearchAnswer | null; onClose: () => void }) {
  const update = useUpdateSavedSearch();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [shown, setShown] = useState<string | null>(null);
  if (search && shown !== search.id) {
    setShown(search.id);
    setName(search.name);
    setError(undefined);
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!search) return;
    const parsed = savedSearchNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await update.mutateAsync({ id: search.id, patch: { name: parsed.data } });
      onClose();
    } catch (failure) {
      const message = isApiError(failure) ? failure.fieldErrors.name?.[0] : undefined;
      if (message) setError(message);
      else {
        onClose();
        toast.error(failureOf(failure, 'Could not rename the search'));
      }
    }
  };
  return (
    <DialogFrame
      open={search !== null}
      onClose={onClose}
      title="Rename the search"
      description="Its alerts carry the new name from now on."
      onSubmit={submit}
    >
      <InputField
        id="rename-saved-search"
        label="Name"
        error={error}
        autoComplete="off"
        maxLength={60}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <DialogActions label="Rename" pending={update.isPending} />
    </DialogFrame>
  );
}

function DeleteDialog({ search, onClose }: { search: SavedSearchAnswer | null; onClose: () => void }) {
  const remove = useDeleteSavedSearch();
  const confirm = async () => {
    if (!search) return;
    try {
      await remove.mutateAsync(search.id);
      toast.success(`Deleted “${search.name}”`);
    } catch (failure) {
      toast.error(failureOf(failure, 'Could not delete the search'));
    }
    onClose();
  };
  return (
    <DialogFrame
      open={search !== null}
      onClose={onClose}
      title="Delete this search?"
      description={
        <>
          <span className="font-medium break-words text-foreground">{search?.name}</span> stops alerting.
          Notifications it already made stay in the bell.
        </>
      }
    >
      <DialogActions label="Delete" variant="destructive" pending={remove.isPending} onConfirm={confirm} />
    </DialogFrame>
  );
}

/** The signed-in user's saved searches in the organization: open, rename, alerts, delete. */
export function SavedSearchesPage({ organization }: { organization: Organization }) {
  const searches = useQuery(savedSearchesQueryOptions(organization.id));
  const [renaming, setRenaming] = useState<SavedSearchAnswer | null>(null);
  const [deleting, setDeleting] = useState<SavedSearchAnswer | null>(null);
  const rows = searches.data?.data ?? [];

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            Saved searches
            {searches.isFetching && !searches.isPending ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            Your searches in {organization.name}. Open one to see its board as it is now; with alerts on, you
            hear of every posting that newly matches, the moment it is posted or changed.
          </p>
        </div>
        {searches.data ? (
          <p className="text-sm text-muted-foreground tabular-nums">
            {rows.length} of {searches.data.max}
          </p>
        ) : null}
      </header>

      <Card className="overflow-hidden">
        {searches.isPending ? (
          <p className="px-5 py-10 text-center text-sm text-muted-foreground">Loading your saved searches…</p>
        ) : searches.isError ? (
          <QueryError
            error={searches.error}
            title="Your saved searches could not be loaded"
            onRetry={() => void searches.refetch()}
            retrying={searches.isFetching}
          />
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <Bookmark className="size-5 text-muted-foreground" aria-hidden />
            </span>
            <p className="font-medium">No saved searches yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Filter the Trucks or Loads board, or run a Radius search, then choose Save search.
            </p>
          </div>
        ) : (
          <ul className="divide-y divide-border">
            {rows.map((search) => {
              const described = describeSearch(search.kind, search.params);
              return (
                <li key={search.id} className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center">
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link
                        to={boardOfKind[search.kind]}
                        params={{ orgSlug: organization.slug }}
                        search={boardSearchOf(search.params) as never}
                        className="font-medium break-words hover:underline"
                      >
                        {search.name}
                      </Link>
                      <span className="rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                        {savedSearchKindLabels[search.kind]}
                      </span>
                    </div>
                    <p className="mt-1 text-sm break-words text-muted-foreground">
                      {described || `Every ${search.kind === 'loads' ? 'load' : 'truck'}`}
                    </p>
                  </div>
                  <AlertSwitches search={search} />
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={boardOfKind[search.kind]}
                      params={{ orgSlug: organization.slug }}
                      search={boardSearchOf(search.params) as never}
                      className={buttonClassName('outline', 'sm')}
                      aria-label={`Open ${search.name}`}
                    >
                      Open
                    </Link>
                    <Button variant="ghost" size="sm" onClick={() => setRenaming(search)}>
                      <Pencil aria-hidden />
                      Rename
                      <span className="sr-only"> {search.name}</span>
                    </Button>
                    <Button variant="ghost" size="sm" onClick={() => setDeleting(search)}>
                      <Trash2 aria-hidden />
                      Delete
                      <span className="sr-only"> {search.name}</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Card>

      <RenameDialog search={renaming} onClose={() => setRenaming(null)} />
      <DeleteDialog search={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
