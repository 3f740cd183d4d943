import { startTestApp, type TestApp } from '@dispatch/standalone/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { pickCity } from './city-picker.ts';
import { linkIn, waitForMail } from './mail.ts';

let app: TestApp;
let browser: Browser;
let baseUrl: string;

beforeAll(async () => {
  app = await startTestApp({ serveWeb: true, listen: true });
  baseUrl = app.url;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const email = 'e2e-dispatcher@example.com';
const password = 'e2e-password-123';

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl });
  return context.newPage();
}

describe('a truck posted in one browser appears live in another', () => {
  it('signs up, creates an organization, posts, edits and deletes a truck, and a second browser follows without reload', async () => {
    const first = await newPage();
    await first.goto('/sign-up');
    await first.getByLabel('Name').fill('Erin Dispatcher');
    await first.getByLabel('Email').fill(email);
    await first.getByLabel('Password').fill(password);
    await first.getByRole('button', { name: 'Create account' }).click();
    // The address is verified through the mailed link, which signs the new user in.
    const verification = await waitForMail(app.dataDir, email, 'Verify your email address');
    await first.goto(linkIn(verification));

    await first.waitForURL('**/onboarding');
    await first.getByLabel('Organization name').fill('Erin Freight Lines');
    await first.getByRole('button', { name: 'Create organization' }).click();
    await first.waitForURL('**/erin-freight-lines/overview');

    // The second browser signs in as a member of the same organization and watches the board.
    const second = await newPage();
    await second.goto('/login');
    await second.getByLabel('Email').fill(email);
    await second.getByLabel('Password').fill(password);
    await second.getByRole('button', { name: 'Sign in' }).click();
    await second.waitForURL('**/erin-freight-lines/**');
    await second.goto('/erin-freight-lines/trucks');
    await second.getByText('No trucks posted yet').waitFor();
    let reloads = 0;
    second.on('load', () => reloads++);

    await first.goto('/erin-freight-lines/trucks/post');
    await first.getByLabel('Trailer type').selectOption('FLATBED');
    await first.getByLabel('Truck name').fill('Midnight Express');
    await first.getByLabel('State', { exact: true }).selectOption('IL');
    await pickCity(first, 'City', 'Chic', 'Chicago');
    await first.getByLabel('Availability date').fill('2026-11-21');
    await first.getByLabel('Dispatcher name').fill('Erin Dispatcher');
    await first.getByLabel('Dispatcher phone').fill('3125550100');
    await first.getByLabel('Dispatcher email').fill('erin@example.com');
    await first.getByRole('button', { name: 'Post truck' }).click();
    await first.waitForURL('**/erin-freight-lines/trucks');

    const row = second.locator('tr', { hasText: 'Midnight Express' });
    await row.waitFor({ timeout: 10_000 });
    expect(await row.getAttribute('data-highlighted')).toBe('true');

    // An edit in the first browser changes the row in the second.
    const ownRow = first.locator('tr', { hasText: 'Midnight Express' });
    await ownRow.getByRole('switch', { name: 'Available' }).click();
    await row.getByText('Not available').waitFor({ timeout: 10_000 });

    // A removal in the first browser takes the row away in the second.
    await ownRow.getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached', timeout: 10_000 });
    expect(reloads).toBe(0);
  });
});
