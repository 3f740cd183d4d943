import { randomUUID } from 'node:crypto';
import { createOrganization } from '@dispatch/standalone/testing';
import { describe, expect, it } from 'vitest';
import { app, newPage, sessionCookie, signInAs, useBrowserApp } from './harness.ts';

useBrowserApp();

const email = 'as-of-owner@example.com';
const password = 'as-of-password-123';

/** Yesterday's date (UTC) and an instant of it. */
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const at = (time: string) => `${yesterday}T${time}:00.000Z`;

/** An instant as the organization's clock reads it (a new organization keeps Central time). */
function onOrganizationClock(instant: string): { date: string; time: string } {
  const parts: Record<string, string> = {};
  const clock = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Chicago',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const part of clock.formatToParts(new Date(instant))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

async function append(
  orgId: string,
  stream: string,
  type: string,
  data: object,
  occurredAt: string,
  actorId: string,
  expected: bigint | 'no_stream',
) {
  return app.infrastructure.eventStore.append(
    stream,
    [
      {
        id: randomUUID(),
        type,
        data,
        metadata: {
          orgId,
          actorId,
          correlationId: randomUUID(),
          causationId: null,
          schemaVersion: 1,
          occurredAt,
        },
      },
    ],
    { expected },
  );
}

describe('the board as of a moment', () => {
  it("moves the trucks board back before a colleague's edit: the old values, a banner, read only", async () => {
    const owner = await app.infrastructure.auth.createUser({
      email,
      password,
      name: 'Orla Owner',
      emailVerified: true,
    });
    const cookie = await sessionCookie(email, password);
    const organization = await createOrganization(app, cookie, 'Rewind Freight');
    // Yesterday at 08:00 the owner posted a truck at a rate; at 10:00 a colleague edited it.
    const truck = {
      truckId: 777001,
      trailerType: 'FLATBED',
      companyName: null,
      unitNumber: 'R-1',
      truckName: 'Rate Two Ten',
      truckState: 'IL',
      truckCity: 'Chicago',
      preferedState: null,
      preferedCity: null,
      direction: null,
      status: true,
      availabilityDate: '2026-11-21T00:00:00.000Z',
      dispatcherName: 'Orla Owner',
      dispatcherCountryCode: '+1',
      dispatcherMobileNumber: '3125550100',
      dispatcherEmail: 'orla@example.com',
      notes: null,
    };
    await append(organization.id, 'truck-777001', 'TruckPosted', truck, at('08:00'), owner.id, 'no_stream');
    const edited = await append(
      organization.id,
      'truck-777001',
      'TruckUpdated',
      { truckId: 777001, changes: { truckName: 'Rate Two Forty-Five' } },
      at('10:00'),
      'colleague-user',
      0n,
    );
    await app.projector.waitFor(edited.position, 5000);

    // The browser's clock is not the organization's: the form reads the organization's.
    const page = await newPage({ timezoneId: 'Asia/Tokyo' });
    await signInAs(page, email, password, '**/rewind-freight/**');
    await page.goto('/rewind-freight/trucks');
    await page.getByText('Rate Two Forty-Five').waitFor();

    await page.getByRole('button', { name: 'View as of' }).click();
    const dialog = page.getByRole('dialog');
    const nine = onOrganizationClock(at('09:00'));
    await dialog.getByLabel('Date').fill(nine.date);
    await dialog.getByLabel(/^Time \(/).fill(nine.time);
    await dialog.getByRole('button', { name: 'View' }).click();

    await page.getByText(/Viewing the board as of .*, read only/).waitFor();
    const row = page.locator('tr', { hasText: 'Rate Two Ten' });
    await row.waitFor();
    expect(await row.getByText('Changed since').count()).toBe(1);
    expect(await page.getByText('Rate Two Forty-Five').count()).toBe(0);
    // Read only: nothing to post, edit or delete.
    expect(await page.getByRole('link', { name: 'Post truck' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    expect(decodeURIComponent(page.url()).replaceAll('"', '')).toContain(`asOf=${at('09:00')}`);

    await page.getByRole('button', { name: 'Back to live' }).click();
    await page.getByText('Rate Two Forty-Five').waitFor();
    expect(await page.getByText(/Viewing the board as of/).count()).toBe(0);

    // The activity log links each change to the board at that moment.
    await page.goto('/rewind-freight/activity');
    const edit = page.locator('li', { hasText: 'Rate Two Forty-Five' }).first();
    await edit.waitFor();
    await edit.getByRole('link', { name: 'Board at this moment' }).click();
    await page.getByText(/Viewing the board as of .*, read only/).waitFor();
    expect(decodeURIComponent(page.url()).replaceAll('"', '')).toContain(`asOf=${at('10:00')}`);
    await page.locator('tr', { hasText: 'Rate Two Forty-Five' }).waitFor();
    await page.context().close();
  });
});
