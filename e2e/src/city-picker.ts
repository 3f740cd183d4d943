import type { Locator, Page } from 'playwright-core';

/**
 * Fills a city field the way a dispatcher does: types the start of the name, waits for the
 * suggestions of the chosen state, and clicks the place. `scope` is the page, or the part of it the
 * field is in.
 */
export async function pickCity(
  scope: Page | Locator,
  label: string,
  typed: string,
  place: string,
): Promise<void> {
  const field = scope.getByLabel(label, { exact: true });
  await field.fill(typed);
  const listbox = scope.getByRole('listbox');
  await listbox.getByRole('option', { name: place, exact: true }).click();
  const value = await field.inputValue();
  if (value !== place) throw new Error(`${label}: picked ${place}, the field holds ${value}`);
}
