import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Mailer, QuotaLedger, QuotaTakeRequest } from '@dispatch/auth';
import { SAVED_SEARCH_SYSTEM_ACTOR } from '@dispatch/domain';
import {
  collections,
  type MemberDocument,
  type NotificationDocument,
  type OrganizationDocument,
} from '@dispatch/read-models';
import type { DocumentStore, EventStore } from '@dispatch/storage';
import type { FastifyBaseLogger } from 'fastify';
import { savedSearches } from '../aggregates.ts';
import { type CommandContext, handle } from '../command-handler.ts';
import { organizationDeletions } from '../organizations/organization-store.ts';
import { repeatedSweep, sweepDue } from '../sweeping.ts';
import { notificationMail } from './notification-mail.ts';

export interface NotificationMailSweeperOptions {
  store: EventStore;
  documents: DocumentStore;
  mailer: Mailer;
  publicUrl: string;
  clock?: () => Date;
  log: Pick<FastifyBaseLogger, 'error'>;
  /**
   * Alert mails count against the sending quotas; one past a quota is not sent, is recorded as
   * skipped on its saved search and on the organization's ledger (the admin sees the count).
   */
  quotas: QuotaLedger;
}

/** Pauses between attempts: a mail server's short hiccup is ridden out. */
const RETRY_DELAYS_MS = [250, 1000];
const ERROR_MAX = 200;

export type MailOutcome = 'sent' | 'skipped' | 'failed' | 'already';

/**
 * Sends the alert e-mails of notifications whose e-mail is due (the read model finds them), each
 * exactly once: the sending is recorded on the saved search's stream (NotificationMailed) before it
 * goes, and the decider records it only once, so a sweep that runs twice, in two processes, or again
 * after a restart sends nothing twice. A crash between the record and the sending loses that one
 * e-mail rather than sending it twice; a mail server that refuses it for good is recorded too
 * (NotificationMailFailed). The projection turns the records into the notification's `email` state.
 */
export function notificationMailSweeper(options: NotificationMailSweeperOptions) {
  const { store, documents, mailer, publicUrl, log, quotas } = options;
  const clock = options.clock ?? (() => new Date());
  const isDeleted = organizationDeletions(store);

  const contextAt = (orgId: string, now: Date): CommandContext => {
    const commandId = randomUUID();
    return { orgId, actorId: SAVED_SEARCH_SYSTEM_ACTOR, commandId, correlationId: commandId, now: () => now };
  };

  async function send(to: string, mail: ReturnType<typeof notificationMail>) {
    for (let attempt = 0; ; attempt++) {
      try {
        await mailer.send({ to, ...mail });
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  async function mailOne(notification: NotificationDocument, now: Date): Promise<MailOutcome> {
    const [found] = await documents.find<MemberDocument>(collections.members, {
      filter: { orgId: { eq: notification.orgId }, userId: { eq: notification.userId } },
      limit: 1,
    });
    // A deleted organization has no members left, whatever the read model still holds.
    const member = found && !(await isDeleted(notification.orgId)) ? found : undefined;
    const { savedSearchId, id: notificationId } = notification;
    const counted: QuotaTakeRequest | null = member
      ? {
          orgId: notification.orgId,
          userId: notification.userId,
          channel: 'email',
          kind: 'alert',
          receiver: member.email,
        }
      : null;
    const taken = counted ? await quotas.take(counted) : null;
    const overQuota = taken !== null && !taken.granted;
    const recorded = await handle(
      store,
      savedSearches,
      savedSearchId,
      {
        type: 'RecordNotificationMail',
        data: { savedSearchId, notificationId, ownerIsMember: !!member, overQuota },
      },
      contextAt(notification.orgId, now),
    );
    const [event] = recorded.events;
    // Counted for a mail that is not going (already sent, or skipped for another reason): given back.
    if (taken?.granted && event?.type !== 'NotificationMailed') await taken.release();
    if (
      counted &&
      taken &&
      !taken.granted &&
      event?.type === 'NotificationMailSkipped' &&
      event.data.reason === 'over_quota'
    )
      await quotas.recordSkip({ ...counted, orgId: notification.orgId }, taken.refusal);
    if (!event) return 'already';
    if (event.type !== 'NotificationMailed' || !member) return 'skipped';
    const search = recorded.state.decision;
    const organization = await documents.get<OrganizationDocument>(
      collections.organizations,
      notification.orgId,
    );
    const mail = notificationMail({
      notification,
      searchName: search.status === 'none' ? notification.savedSearchName : search.name,
      receiverName: member.name,
      organizationName: organization?.name ?? '',
      slug: organization?.slug ?? '',
      publicUrl,
    });
    try {
      await send(member.email, mail);
      return 'sent';
    } catch (error) {
      log.error({ err: error, notificationId }, 'alert e-mail could not be delivered');
      await handle(
        store,
        savedSearches,
        savedSearchId,
        {
          type: 'RecordNotificationMailFailure',
          data: { savedSearchId, notificationId, error: String(error).slice(0, ERROR_MAX) },
        },
        contextAt(notification.orgId, clock()),
      );
      return 'failed';
    }
  }

  /** One pass over the notifications whose e-mail is due, oldest first (see `sweepDue`); answers what became of each. */
  async function sweep(now = clock()): Promise<Record<MailOutcome, number>> {
    const outcomes: Record<MailOutcome, number> = { sent: 0, skipped: 0, failed: 0, already: 0 };
    await sweepDue<NotificationDocument>(
      documents,
      collections.notifications,
      { filter: { email: { eq: 'due' } }, sort: [{ field: 'seq', direction: 'asc' }] },
      async (notification) => {
        outcomes[await mailOne(notification, now)] += 1;
      },
      (error, notification) =>
        log.error({ err: error, notificationId: notification.id }, 'alert e-mail sweep failed'),
    );
    return outcomes;
  }

  return repeatedSweep(sweep);
}

export type NotificationMailSweeper = ReturnType<typeof notificationMailSweeper>;
