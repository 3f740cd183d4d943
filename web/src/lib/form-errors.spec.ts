import { describe, expect, it } from 'vitest';
import { splitFieldErrors } from './form-errors';

describe('splitFieldErrors', () => {
  it('gives each form field its first message and keeps the rest apart', () => {
    expect(
      splitFieldErrors(
        {
          truckName: ['Truck name is required', 'second'],
          dispatcherMobileNumber: ['Phone number is required'],
          version: ['Expected a number'],
          empty: [],
        },
        ['truckName', 'dispatcherMobileNumber'] as const,
      ),
    ).toEqual({
      fields: [
        ['truckName', 'Truck name is required'],
        ['dispatcherMobileNumber', 'Phone number is required'],
      ],
      other: ['Expected a number'],
    });
  });
});
