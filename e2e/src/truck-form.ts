import { dateFromToday } from '@dispatch/test-kit';
import type { Page } from 'playwright-core';
import { pickCity } from './city-picker.ts';

/** What a dispatcher enters on the post-truck form for a truck in Illinois, available three days from today. */
export interface TruckEntry {
  trailerType: string;
  name: string;
  /** The city: its first letters, then the place picked from the suggestions; without `typed`, typed in full. */
  city: { typed?: string; place: string };
  dispatcher: { name: string; email: string };
}

/** Fills the post-truck form the page is on, posts it and waits for the trucks board of `slug`. */
export async function postTruckForm(page: Page, slug: string, truck: TruckEntry): Promise<void> {
  await page.getByLabel('Trailer type').selectOption(truck.trailerType);
  await page.getByLabel('Truck name').fill(truck.name);
  await page.getByLabel('State', { exact: true }).selectOption('IL');
  if (truck.city.typed) await pickCity(page, 'City', truck.city.typed, truck.city.place);
  else await page.getByLabel('City', { exact: true }).fill(truck.city.place);
  // Ahead of today, so the truck is on the board and alerted on whenever the spec runs.
  await page.getByLabel('Availability date').fill(dateFromToday(3));
  await page.getByLabel('Dispatcher name').fill(truck.dispatcher.name);
  await page.getByLabel('Dispatcher phone').fill('3125550100');
  await page.getByLabel('Dispatcher email').fill(truck.dispatcher.email);
  await page.getByRole('button', { name: 'Post truck' }).click();
  await page.waitForURL(`**/${slug}/trucks`);
}
