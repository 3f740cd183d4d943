import type { MemberRole } from '../shared/enums.ts';

/** Envelope enumerations of docs/rules.md#entities-and-fields and docs/rules.md#states-and-transitions, each with its labels. */
export const envelopeStatuses = [
  'sent',
  'resent',
  'delivered',
  'completed',
  'rejected',
  'voided',
  'cancelled',
] as const;
export type EnvelopeStatus = (typeof envelopeStatuses)[number];
export const envelopeStatusLabels: Record<EnvelopeStatus, string> = {
  sent: 'Sent',
  resent: 'Resent',
  delivered: 'Delivered',
  completed: 'Completed',
  rejected: 'Rejected',
  voided: 'Voided',
  cancelled: 'Cancelled',
};

/** The statuses in which the receiver may still sign: every other one is final. */
export const openEnvelopeStatuses = ['sent', 'resent', 'delivered'] as const satisfies EnvelopeStatus[];
export const isOpenEnvelopeStatus = (status: EnvelopeStatus) =>
  (openEnvelopeStatuses as readonly EnvelopeStatus[]).includes(status);

export const envelopeTypes = ['driver', 'client'] as const;
export type EnvelopeType = (typeof envelopeTypes)[number];
export const envelopeTypeLabels: Record<EnvelopeType, string> = { driver: 'Driver', client: 'Client' };

export const deliveryMethods = ['email', 'SMS'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];
export const deliveryMethodLabels: Record<DeliveryMethod, string> = { email: 'E-mail', SMS: 'SMS' };

/** Why the product cancelled an envelope on its own. */
export const cancelReasons = ['expired', 'delivery_failed'] as const;
export type CancelReason = (typeof cancelReasons)[number];

/** docs/rules.md#roles-and-permissions: sign-pro is for owners, admins and Member+; a plain member is sent to the overview. */
export const signProRoles = ['owner', 'admin', 'memberPlus'] as const satisfies MemberRole[];
export const canUseSignPro = (role: MemberRole) => (signProRoles as readonly MemberRole[]).includes(role);
