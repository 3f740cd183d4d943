import type { AuthService } from '@dispatch/auth';
import {
  aggregates,
  allocateId,
  createOrganization,
  handle,
  hashSigningToken,
  loadIds,
  newCommandContext,
  sendEnvelope,
  truckIds,
} from '@dispatch/command-api';
import {
  DEFAULT_ENVELOPE_EXPIRY_DAYS,
  directions,
  envelopeSendSchema,
  expiryFrom,
  loadCreateSchema,
  products,
  rateUnits,
  receiverActorId,
  trailerTypes,
  truckCreateSchema,
  usCities,
} from '@dispatch/domain';
import type { EventStore } from '@dispatch/storage';

export const DEMO_USER = {
  email: 'dispatcher@demo.test',
  password: 'demo-dispatch-2026',
  name: 'Dana Dispatcher',
};
export const DEMO_ORGANIZATION = { name: 'Prairie Freight Demo', slug: 'prairie-freight' };
/** The platform administrator of the demo: lands in /admin, lists users, impersonates. */
export const DEMO_SUPER_ADMIN = {
  email: 'admin@demo.test',
  password: 'demo-admin-2026',
  name: 'Avery Admin',
};

const truckNames = [
  'Big Blue',
  'Prairie Runner',
  'Night Owl',
  'Red Hauler',
  'Grain King',
  'Iron Horse',
  'Sundowner',
];
const companies = [
  'Heartland Hauling',
  'Prairie Grain Co.',
  'Lone Star Carriers',
  null,
  'Great Plains Logistics',
];
const dispatchers = [
  { name: 'Dana Dispatcher', email: 'dana@demo.test', phone: '3125550100' },
  { name: 'Luis Ortega', email: 'luis@demo.test', phone: '+14695550142' },
  { name: 'Mei Chen', email: 'mei@demo.test', phone: '4025550187' },
];

/** A small deterministic generator, so every fresh start shows the same demo board. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

const customers = [
  { name: 'Prairie Grain Co.', email: 'orders@prairiegrain.demo.test', phone: '5155550123' },
  { name: 'Lone Star Feed', email: 'freight@lonestarfeed.demo.test', phone: '2145550177' },
  { name: 'Heartland Mills', email: null, phone: '3165550140' },
  { name: 'Great Plains Co-op', email: 'dispatch@gpcoop.demo.test', phone: null },
  null,
];

/**
 * On the first start (an empty event store) the demo organization, its dispatcher and about
 * fifty trucks and thirty loads spread over real US cities are created through the same commands the
 * API runs.
 */
export async function seedDemoData(store: EventStore, auth: AuthService, now = new Date()): Promise<boolean> {
  if ((await store.headPosition()) > 0n) return false;
  const user = await auth.createUser({ ...DEMO_USER, role: 'user' });
  await auth.createUser({ ...DEMO_SUPER_ADMIN, role: 'super_admin' });
  const organization = await createOrganization(store, DEMO_ORGANIZATION, {
    id: user.id,
    email: DEMO_USER.email,
    name: DEMO_USER.name,
  });
  const random = sequence(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  for (let index = 0; index < 50; index++) {
    const origin = usCities[(index * 7) % usCities.length]!;
    const preferred = random() < 0.6 ? pick(usCities) : null;
    const dispatcher = pick(dispatchers);
    const availability = new Date(now.getTime() + Math.floor(random() * 10 - 3) * 86_400_000);
    const input = truckCreateSchema.parse({
      trailerType: pick(trailerTypes),
      companyName: pick(companies),
      unitNumber: `U-${100 + index}`,
      truckName: `${pick(truckNames)} ${index + 1}`,
      truckState: origin.state,
      truckCity: origin.city,
      preferedState: preferred?.state ?? null,
      preferedCity: preferred?.city ?? null,
      direction: random() < 0.7 ? pick(directions) : null,
      status: random() < 0.8,
      availabilityDate: availability.toISOString().slice(0, 10),
      dispatcherName: dispatcher.name,
      dispatcherMobileNumber: dispatcher.phone,
      dispatcherEmail: dispatcher.email,
      notes: random() < 0.3 ? 'Tarps and straps on board.' : null,
    });
    const context = newCommandContext({ orgId: organization.id, actorId: user.id });
    const truckId = await allocateId(store, truckIds, context);
    const post = { type: 'PostTruck', data: { truckId, orgId: organization.id, input } } as const;
    await handle(store, aggregates.trucks, truckId, post, context, { create: true });
  }
  for (let index = 0; index < 30; index++) {
    const origin = usCities[(index * 11 + 3) % usCities.length]!;
    const destination = usCities[(index * 17 + 29) % usCities.length]!;
    const customer = pick(customers);
    const dispatcher = pick(dispatchers);
    const unit = pick(rateUnits);
    // Per ton or bushel a few dollars, a flat rate a few thousand; some rates are not agreed yet.
    const rate = () => {
      if (random() < 0.15) return null;
      const value = unit === 'FLAT_RATE' ? 800 + random() * 3200 : 0.5 + random() * 6;
      return Math.round(value * 100) / 100;
    };
    const titan = rate();
    const availability = new Date(now.getTime() + Math.floor(random() * 10 - 3) * 86_400_000);
    const input = loadCreateSchema.parse({
      trailerType: pick(trailerTypes),
      originState: origin.state,
      originCity: origin.city,
      destinationState: destination.state,
      destinationCity: destination.city,
      product: pick(products),
      rateForTitan: titan,
      rateForTitanUnit: unit,
      rateForCarrier: titan === null ? null : Math.round(titan * 0.85 * 100) / 100,
      rateForCarrierUnit: unit,
      customerName: customer?.name ?? null,
      customerMobileNumber: customer?.phone ?? null,
      customerEmail: customer?.email ?? null,
      dispatcherName: dispatcher.name,
      dispatcherMobileNumber: dispatcher.phone,
      dispatcherEmail: dispatcher.email,
      availabilityDate: availability.toISOString().slice(0, 10),
      notes: random() < 0.25 ? 'Appointment needed at the elevator.' : null,
    });
    const context = newCommandContext({ orgId: organization.id, actorId: user.id });
    const loadId = await allocateId(store, loadIds, context);
    const post = { type: 'PostLoad', data: { loadId, orgId: organization.id, input } } as const;
    await handle(store, aggregates.loads, loadId, post, context, { create: true });
  }
  await seedEnvelopes(
    store,
    { orgId: organization.id, name: DEMO_ORGANIZATION.name },
    { id: user.id, name: DEMO_USER.name },
    now,
  );
  return true;
}

type DemoReceiver = [type: 'driver' | 'client', name: string, contact: string, outcome: DemoOutcome];
type DemoOutcome = 'sent' | 'delivered' | 'completed' | 'rejected' | 'voided';

const demoReceivers: DemoReceiver[] = [
  ['driver', 'Luis Ortega', 'luis.ortega@drivers.demo.test', 'completed'],
  ['driver', 'Kayla Brooks', '3125550142', 'delivered'],
  ['driver', 'Darnell Price', 'darnell.price@drivers.demo.test', 'sent'],
  ['driver', 'Hannah Svoboda', 'hannah.s@drivers.demo.test', 'rejected'],
  ['driver', 'Miguel Reyes', '4025550188', 'completed'],
  ['client', 'Lone Star Feed', 'freight@lonestarfeed.demo.test', 'completed'],
  ['client', 'Heartland Mills', '3165550140', 'delivered'],
  ['client', 'Great Plains Co-op', 'dispatch@gpcoop.demo.test', 'voided'],
  ['client', 'Red River Grain', 'office@redrivergrain.demo.test', 'sent'],
];

/**
 * A few onboarding envelopes in every state, through the same commands as the API and the signing
 * page (the demo receivers' addresses do not exist, so nothing is delivered).
 */
async function seedEnvelopes(
  store: EventStore,
  organization: { orgId: string; name: string },
  sender: { id: string; name: string },
  now: Date,
) {
  const client = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (iPhone; demo receiver)' };
  for (const [index, [type, name, contact, outcome]] of demoReceivers.entries()) {
    const byPhone = /^\d{10}$/.test(contact);
    const input = envelopeSendSchema.parse({
      type,
      deliveryMethod: byPhone ? 'SMS' : 'email',
      receiverName: name,
      ...(byPhone ? { receiverPhoneNumber: contact } : { receiverEmail: contact }),
    });
    const sentAt = new Date(now.getTime() - (index + 1) * 7 * 3_600_000);
    const context = {
      ...newCommandContext({ orgId: organization.orgId, actorId: sender.id }),
      now: () => sentAt,
    };
    const { result, token } = await sendEnvelope(store, context, {
      input,
      organizationName: organization.name,
      senderName: sender.name,
      expiresAt: expiryFrom(sentAt, DEFAULT_ENVELOPE_EXPIRY_DAYS),
    });
    const envelopeId = result.state.view?.envelopeId ?? '';
    const later = new Date(sentAt.getTime() + 3_600_000);
    const receiver = {
      ...newCommandContext({ orgId: organization.orgId, actorId: receiverActorId(envelopeId) }),
      now: () => later,
    };
    const link = { envelopeId, tokenHash: hashSigningToken(token), client, now: later };
    if (outcome === 'delivered')
      await handle(store, aggregates.envelopes, envelopeId, { type: 'OpenEnvelope', data: link }, receiver);
    if (outcome === 'completed')
      await handle(
        store,
        aggregates.envelopes,
        envelopeId,
        { type: 'SignEnvelope', data: { ...link, signerName: name, signature: null } },
        receiver,
      );
    if (outcome === 'rejected')
      await handle(
        store,
        aggregates.envelopes,
        envelopeId,
        { type: 'RejectEnvelope', data: { ...link, reason: 'Waiting on my insurance certificate first.' } },
        receiver,
      );
    if (outcome === 'voided')
      await handle(
        store,
        aggregates.envelopes,
        envelopeId,
        {
          type: 'VoidEnvelope',
          data: { envelopeId, orgId: organization.orgId, voidReason: 'Sent to the wrong contact' },
        },
        { ...context, now: () => later },
      );
  }
}
