import { type ApiKeyAnswer, type ApiKeyStatus, apiKeyScopeLabels, canManageApiKeys } from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { type ListColumn, ListTable, TableCell, TableRow } from '../../../components/ui/table';
import { Tag, type TagTone } from '../../../components/ui/tag';
import { useDates } from '../../../lib/organization-dates';
import { guardNotices, type Organization, SettingsNav, useManagersOnly } from '../../organizations';
import { apiKeysQueryOptions } from '../api/get-api-keys';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { RevokeApiKeyDialog } from './revoke-api-key-dialog';

const statusTags: Record<ApiKeyStatus, { label: string; tone: TagTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'warning' },
  revoked: { label: 'Revoked', tone: 'muted' },
};

function ApiKeysTable({ keys, onRevoke }: { keys: ApiKeyAnswer[]; onRevoke: (key: ApiKeyAnswer) => void }) {
  const { date, dateTime } = useDates();
  return (
    <ListTable
      caption="API keys"
      columns={[
        ...['Name', 'Prefix', 'Scopes', 'Created by', 'Created', 'Last used', 'Expires', 'Status'].map(
          (name): ListColumn => ({ name, className: 'whitespace-nowrap' }),
        ),
        { name: 'Actions', srOnly: true },
      ]}
    >
      {keys.map((key) => {
        const status = statusTags[key.status];
        return (
          <TableRow key={key.id} data-testid="api-key-row">
            <TableCell className="max-w-60 min-w-40 font-medium break-words">{key.name}</TableCell>
            <TableCell>
              <code className="font-mono text-xs whitespace-nowrap">{key.prefix}</code>
            </TableCell>
            <TableCell>
              <div className="flex min-w-40 flex-wrap gap-1">
                {key.scopes.map((scope) => (
                  <Tag key={scope}>{apiKeyScopeLabels[scope]}</Tag>
                ))}
              </div>
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground">{key.createdBy.name}</TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
              {date(key.createdAt)}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
              {key.lastUsedAt ? dateTime(key.lastUsedAt) : 'Never'}
            </TableCell>
            <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums">
              {key.expiresAt ? dateTime(key.expiresAt) : 'Never'}
            </TableCell>
            <TableCell>
              <Tag
                tone={status.tone}
                title={key.revokedAt ? `Revoked ${dateTime(key.revokedAt)}` : undefined}
              >
                {status.label}
              </Tag>
            </TableCell>
            <TableCell className="text-right">
              {key.status === 'revoked' ? null : (
                <Button variant="ghost" size="sm" onClick={() => onRevoke(key)}>
                  <Trash2 aria-hidden />
                  Revoke
                  <span className="sr-only"> {key.name}</span>
                </Button>
              )}
            </TableCell>
          </TableRow>
        );
      })}
    </ListTable>
  );
}

/**
 * The organization's API keys, for its owners and admins: what each may call, who made it, when it
 * was last used; create one (its secret shows once) or revoke one.
 */
export function ApiKeysPage({ organization }: { organization: Pick<Organization, 'id' | 'slug' | 'name'> }) {
  const mayManage = useManagersOnly(organization, guardNotices.apiKeys, canManageApiKeys);
  const keys = useQuery(apiKeysQueryOptions(organization.id));
  const [revoking, setRevoking] = useState<ApiKeyAnswer | null>(null);
  if (!mayManage) return null;
  const rows = keys.data?.items ?? [];

  return (
    <div className="flex flex-col gap-6">
      <SettingsNav orgSlug={organization.slug} />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            API keys
            {keys.isFetching && !keys.isPending ? <Spinner label="Refreshing" /> : null}
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
            Programs call the {organization.name} API with a key, as the organization: each key may use only
            its scopes. Revoke a key the moment it may have leaked.
          </p>
        </div>
        <CreateApiKeyDialog />
      </header>

      <Card className="overflow-hidden">
        {keys.isPending ? (
          <p className="px-5 py-10 text-center text-sm text-muted-foreground">Loading the API keys…</p>
        ) : keys.isError ? (
          <QueryError
            error={keys.error}
            title="The API keys could not be loaded"
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <span className="flex size-10 items-center justify-center rounded-full bg-muted">
              <KeyRound className="size-5 text-muted-foreground" aria-hidden />
            </span>
            <p className="font-medium">No API keys yet</p>
            <p className="max-w-md text-sm text-muted-foreground">
              Create a key for each program that reads the boards, posts trucks and loads, or receives events.
            </p>
          </div>
        ) : (
          <ApiKeysTable keys={rows} onRevoke={setRevoking} />
        )}
      </Card>

      <RevokeApiKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}
