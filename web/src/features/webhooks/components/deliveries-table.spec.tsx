// @vitest-environment jsdom
import { type DeliveryAttempt, deliveryAttemptSchema } from '@dispatch/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render-screen';
import { DeliveriesTable } from './deliveries-table';

afterEach(cleanup);

const attempt = (sequence: string, kind: DeliveryAttempt['kind'], eventType = 'truck.posted') =>
  deliveryAttemptSchema.parse({
    id: `attempt-${sequence}-${kind}`,
    eventId: `event-${sequence}`,
    eventType,
    sequence,
    kind,
    attempt: 1,
    at: '2026-11-27T12:00:00.000Z',
    ok: true,
    status: 200,
    durationMs: 4,
    responseExcerpt: null,
    error: null,
    nextAttemptAt: null,
  });

describe('the delivery log', () => {
  it('labels replays and redeliveries beside their event type, and not the feed or a test', async () => {
    renderScreen(() => (
      <DeliveriesTable
        endpointId="0b5c8f4e-5a51-4c3e-9d1f-2f6c7e0a9b11"
        mayRedeliver={false}
        attempts={[
          attempt('7', 'feed'),
          attempt('7', 'replay'),
          attempt('7', 'redelivery'),
          attempt('7', 'test', 'webhook.test'),
        ]}
      />
    ));
    const rows = await screen.findAllByTestId('delivery-row');
    const eventCells = rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(eventCells).toEqual([
      'Truck posted',
      'Truck postedReplay',
      'Truck postedRedelivery',
      'Test delivery',
    ]);
  });
});
