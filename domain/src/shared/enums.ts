/** Enumerations of docs/rules.md#entities-and-fields, each with its labels. */
export const trailerTypes = ['HIGH_SIDED_HOPPER', 'LOW_SIDED_HOPPER', 'FLATBED'] as const;
export type TrailerType = (typeof trailerTypes)[number];
export const trailerTypeLabels: Record<TrailerType, string> = {
  HIGH_SIDED_HOPPER: 'High Sided Hopper',
  LOW_SIDED_HOPPER: 'Low Sided Hopper',
  FLATBED: 'Flatbed',
};

export const directions = [
  'NORTH',
  'NORTH_EAST',
  'EAST',
  'SOUTH_EAST',
  'SOUTH',
  'SOUTH_WEST',
  'WEST',
  'NORTH_WEST',
] as const;
export type Direction = (typeof directions)[number];
export const directionLabels: Record<Direction, string> = {
  NORTH: 'North',
  NORTH_EAST: 'North East',
  EAST: 'East',
  SOUTH_EAST: 'South East',
  SOUTH: 'South',
  SOUTH_WEST: 'South West',
  WEST: 'West',
  NORTH_WEST: 'North West',
};

export const products = ['HEAVY', 'LIGHT'] as const;
export type Product = (typeof products)[number];
export const productLabels: Record<Product, string> = { HEAVY: 'Heavy', LIGHT: 'Light' };

export const rateUnits = ['TONS', 'BUSHELS', 'FLAT_RATE'] as const;
export type RateUnit = (typeof rateUnits)[number];
export const rateUnitLabels: Record<RateUnit, string> = {
  TONS: 'Tons',
  BUSHELS: 'Bushels',
  FLAT_RATE: 'Flat Rate',
};

export const memberRoles = ['admin', 'owner', 'member', 'memberPlus'] as const;
export type MemberRole = (typeof memberRoles)[number];
export const memberRoleLabels: Record<MemberRole, string> = {
  admin: 'Admin',
  owner: 'Owner',
  member: 'Member',
  memberPlus: 'Member+',
};

export const platformRoles = ['user', 'super_admin', 'owner'] as const;
export type PlatformRole = (typeof platformRoles)[number];

export const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
