import { expect, it } from 'vitest';
import { completeProfileNames } from './profile-names.ts';

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
