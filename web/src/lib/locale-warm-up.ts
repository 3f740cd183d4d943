import { formatDate } from '@dispatch/domain';
import { formatMoney } from './money';
import { browserTimeZone } from './organization-dates';

/**
 * Sets up the browser's locale data for dates and amounts, the formatters kept for the screens: the
 * first locale formatter of a visit costs 100 ms and more. Run while the first screen waits for its
 * code and data, it is a short task of its own rather than a part of the render that draws the board.
 */
export function prepareLocaleData(timeZone = browserTimeZone()): void {
  formatDate(Date.now(), timeZone);
  formatMoney(0);
}

/** `prepareLocaleData` once the page is idle (at the latest a second on). */
export function prepareLocaleDataWhenIdle(): void {
  if ('requestIdleCallback' in window) requestIdleCallback(() => prepareLocaleData(), { timeout: 1000 });
  else setTimeout(() => prepareLocaleData(), 1);
}
