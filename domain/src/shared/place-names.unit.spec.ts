import { describe, expect, it } from 'vitest';
import { placeNameKey, placePrefixKeys, simplifyPlaceText } from './place-names.ts';

describe('place names', () => {
  it('simplifies case, diacritics, apostrophes, punctuation and spaces', () => {
    expect(simplifyPlaceText('  Coeur d’Alene ')).toBe('coeur dalene');
    expect(simplifyPlaceText('Española')).toBe('espanola');
    expect(simplifyPlaceText('Winston-Salem')).toBe('winston salem');
    expect(simplifyPlaceText('Bird-in-Hand')).toBe('bird in hand');
    expect(simplifyPlaceText('Lake   Havasu  City')).toBe('lake havasu city');
    expect(simplifyPlaceText('Hawaiʻi Kai')).toBe('hawaii kai');
    expect(simplifyPlaceText('A & B')).toBe('a and b');
  });

  it('spells out the abbreviations of place names', () => {
    for (const name of ['St. Louis', 'St Louis', 'Saint Louis', 'ST. LOUIS', 'saint-louis']) {
      expect(placeNameKey(name)).toBe('saint louis');
    }
    expect(placeNameKey('Ft. Kent')).toBe(placeNameKey('Fort Kent'));
    expect(placeNameKey('Mt. Pleasant')).toBe('mount pleasant');
    expect(placeNameKey('Sault Ste. Marie')).toBe(placeNameKey('Sault Sainte Marie'));
    expect(placeNameKey('E St Louis')).toBe('east saint louis');
    // Inside a word, nothing is an abbreviation.
    expect(placeNameKey('Stanton')).toBe('stanton');
    expect(placeNameKey('')).toBe('');
  });

  it('reads a typed prefix both ways while its last word may be unfinished', () => {
    expect(placePrefixKeys('')).toEqual(['']);
    expect(placePrefixKeys('Ban')).toEqual(['ban']);
    expect(placePrefixKeys('st')).toEqual(['st', 'saint']);
    expect(placePrefixKeys('St.')).toEqual(['saint ']);
    expect(placePrefixKeys('st lo')).toEqual(['saint lo']);
    expect(placePrefixKeys('Ft K')).toEqual(['fort k']);
    expect(placePrefixKeys('Winston-')).toEqual(['winston ']);
  });
});
