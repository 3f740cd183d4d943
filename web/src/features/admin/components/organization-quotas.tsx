import {
  type OrganizationLimitsInput,
  type OrganizationUsage,
  quotaChannelLabels,
  quotaChannels,
} from '@dispatch/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '../../../components/errors/query-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../organizations';
import { organizationUsageQueryOptions, useSetOrganizationLimits } from '../api/quota-usage';

type LimitField = `${'organization' | 'user'}.${(typeof quotaChannels)[number]}.${'hour' | 'day'}`;

const fieldsOf = (limits: OrganizationUsage['limits']) =>
  Object.fromEntries(
    (['organization', 'user'] as const).flatMap((scope) =>
      quotaChannels.flatMap((channel) =>
        (['hour', 'day'] as const).map((window) => [
          `${scope}.${channel}.${window}`,
          String(limits[scope][channel][window]),
        ]),
      ),
    ),
  ) as Record<LimitField, string>;

const limitsOf = (fields: Record<LimitField, string>): OrganizationLimitsInput => {
  const scope = (name: 'organization' | 'user') =>
    Object.fromEntries(
      quotaChannels.map((channel) => [
        channel,
        {
          hour: Number(fields[`${name}.${channel}.hour`]),
          day: Number(fields[`${name}.${channel}.day`]),
        },
      ]),
    ) as OrganizationLimitsInput['organization'];
  return { organization: scope('organization'), user: scope('user') };
};

/**
 * What the organization sent out (e-mail, text messages, copied signing links) in the last hour and
 * day against its limits, what the quotas held back, and a form to set its limits.
 */
export function OrganizationQuotas({ organizationId }: { organizationId: string }) {
  const usage = useQuery(organizationUsageQueryOptions(organizationId));
  if (usage.isError) {
    return (
      <Card>
        <QueryError
          error={usage.error}
          title="Could not load the sending usage"
          onRetry={() => void usage.refetch()}
          retrying={usage.isFetching}
          className="py-8"
        />
      </Card>
    );
  }
  if (usage.isPending) {
    return (
      <div className="flex justify-center py-8">
        <Spinner label="Loading the sending usage" />
      </div>
    );
  }
  return (
    <QuotaDetails
      key={JSON.stringify(usage.data.limits)}
      organizationId={organizationId}
      usage={usage.data}
    />
  );
}

function QuotaDetails({ organizationId, usage }: { organizationId: string; usage: OrganizationUsage }) {
  const [fields, setFields] = useState(() => fieldsOf(usage.limits));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const setLimits = useSetOrganizationLimits(organizationId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setLimits.mutate(limitsOf(fields), {
      onSuccess: () => toast.success('Limits saved'),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
        toast.error(error instanceof Error ? error.message : 'Could not save the limits');
      },
    });
  };

  const limitInput = (field: LimitField, label: string) => (
    <div className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
      <label htmlFor={`limit-${field}`}>{label}</label>
      <Input
        id={`limit-${field}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={1_000_000}
        required
        name={field}
        value={fields[field]}
        aria-invalid={errors[field] ? true : undefined}
        onChange={(event) => setFields((current) => ({ ...current, [field]: event.target.value }))}
        className="h-8 w-full min-w-0 tabular-nums"
      />
      {errors[field]?.map((message) => (
        <span key={message} className="text-destructive">
          {message}
        </span>
      ))}
    </div>
  );

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        {usage.custom
          ? `Limits set by a platform admin${usage.setAt ? ` on ${formatDay(usage.setAt)}` : ''}.`
          : usage.young && usage.youngUntil
            ? `New organization: the lower limits apply until ${formatDay(usage.youngUntil)}.`
            : 'The default limits apply.'}
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {usage.channels.map((row) => {
          const limits = usage.limits.organization[row.channel];
          return (
            <Card key={row.channel} className="flex min-w-0 flex-col gap-1 p-4" data-testid="quota-usage">
              <p className="truncate text-sm text-muted-foreground">{quotaChannelLabels[row.channel]}</p>
              <p className="text-sm tabular-nums">
                <span className="text-lg font-semibold">{row.lastHour.toLocaleString()}</span> /{' '}
                {limits.hour.toLocaleString()} last hour
              </p>
              <p className="text-sm tabular-nums">
                <span className="text-lg font-semibold">{row.lastDay.toLocaleString()}</span> /{' '}
                {limits.day.toLocaleString()} last day
              </p>
              <p className="text-xs text-muted-foreground tabular-nums">
                {row.skippedLastDay.toLocaleString()} alert{row.skippedLastDay === 1 ? '' : 's'} held back
                (last day)
              </p>
            </Card>
          );
        })}
      </div>
      <Card className="p-4">
        <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Sending limits">
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {quotaChannels.map((channel) => (
              <fieldset key={channel} className="flex min-w-0 flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">{quotaChannelLabels[channel]}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {limitInput(`organization.${channel}.hour`, 'Organization / hour')}
                  {limitInput(`organization.${channel}.day`, 'Organization / day')}
                  {limitInput(`user.${channel}.hour`, 'Each user / hour')}
                  {limitInput(`user.${channel}.day`, 'Each user / day')}
                </div>
              </fieldset>
            ))}
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={setLimits.isPending}>
              {setLimits.isPending ? 'Saving…' : 'Save limits'}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
