import { describe, expect, it } from 'vitest';
import { newPage, signInAs, signUpWithOrganization, useBrowserApp } from './harness.ts';

useBrowserApp();

const email = 'e2e-live-rows@example.com';
const password = 'e2e-password-123';

describe('a truck posted in one browser is placed on another board from its notice', () => {
  it('shows the new row, highlighted, without reading the list again', async () => {
    const first = await newPage();
    await signUpWithOrganization(first, { name: 'Rowan Dispatcher', email, password }, 'Rowan Freight');
    const second = await newPage();
    await signInAs(second, email, password, '**/rowan-freight/**');
    await second.goto('/rowan-freight/trucks');
    await second.getByText('No trucks posted yet').waitFor();
    // The board and its live connection settle (the first connect reads what is older than its position).
    await second.waitForTimeout(1500);
    const listReads: string[] = [];
    second.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname === '/api/v1/trucks') listReads.push(request.url());
    });

    const today = new Date().toISOString().slice(0, 10);
    const status = await first.evaluate(async (availabilityDate) => {
      const response = await fetch('/api/v1/trucks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          trailerType: 'FLATBED',
          truckName: 'Placed Live',
          truckState: 'IL',
          truckCity: 'Chicago',
          availabilityDate,
          dispatcherName: 'Rowan Dispatcher',
          dispatcherMobileNumber: '3125550100',
          dispatcherEmail: 'rowan@example.com',
        }),
      });
      return response.status;
    }, today);
    expect(status).toBe(201);

    const row = second.locator('tr', { hasText: 'Placed Live' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-highlighted')).toBe('true');
    await second.waitForTimeout(500);
    expect(listReads).toEqual([]);
  });
});
