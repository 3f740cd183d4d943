import type { Load } from '@dispatch/domain';

/** How a load is named in messages: it has no name of its own, so its route says which one. */
export function loadLabel(load: Pick<Load, 'originCity' | 'destinationCity'>): string {
  return `The load ${load.originCity} → ${load.destinationCity}`;
}
