export * as aggregates from './aggregates.ts';
export { type CommandContext, handle, newCommandContext } from './command-handler.ts';
export { ORGANIZATION_DELETED_LINK_MESSAGE } from './envelopes/envelope-organization.ts';
export { sendEnvelope } from './envelopes/envelope-routes.ts';
export { type EnvelopeSweeper, envelopeSweeper } from './envelopes/envelope-sweeper.ts';
export { hashSigningToken, newSigningToken } from './envelopes/signing-token.ts';
export { EVENT_POSITION_HEADER } from './event-position.ts';
export { createOrganization } from './organizations/organization-routes.ts';
export { type CommandApiOptions, commandApi } from './plugin.ts';
export {
  POSTINGS_SYSTEM_ACTOR,
  type PostingExpirySweeper,
  postingExpirySweeper,
} from './postings/posting-expiry-sweeper.ts';
export {
  type NotificationMailSweeper,
  notificationMailSweeper,
} from './saved-searches/notification-mail-sweeper.ts';
export { allocateId, loadIds, truckIds } from './sequence-ids.ts';
