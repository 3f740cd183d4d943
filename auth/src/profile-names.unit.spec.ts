import { expect, it } from 'vitest';
import { completeProfileNames, plainProfileNames } from './profile-names.ts';

it('splits a display name when first and last names are missing', () => {
  expect(completeProfileNames({ name: '  Grace  Brewster Hopper ' })).toEqual({
    firstName: 'Grace',
    lastName: 'Brewster Hopper',
  });
});

it('keeps names that were given', () => {
  expect(completeProfileNames({ name: 'G H', firstName: 'Grace', lastName: 'Hopper' })).toEqual({
    firstName: 'Grace',
    lastName: 'Hopper',
  });
});

it('copes with a single word or no name', () => {
  expect(completeProfileNames({ name: 'Cher' })).toEqual({ firstName: 'Cher', lastName: '' });
  expect(completeProfileNames({})).toEqual({ firstName: '', lastName: '' });
});

it('keeps names as one line of plain text: control characters taken out, a run of them one space', () => {
  expect(
    plainProfileNames({
      name: '\u001b[31mGrace\u0007 \u0000Hopper\u0085',
      firstName: 'Gr\u0000ace',
      lastName: 'Hop\tper',
      email: 'grace@example.com',
    }),
  ).toEqual({ name: 'Grace Hopper', firstName: 'Gr ace', lastName: 'Hop per', email: 'grace@example.com' });
  expect(plainProfileNames({ name: 'Grace Hopper', image: null })).toEqual({
    name: 'Grace Hopper',
    image: null,
  });
});
