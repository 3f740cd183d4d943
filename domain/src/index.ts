export * from './organizations/organization.ts';
export * from './shared/enums.ts';
export * from './shared/errors.ts';
export * from './shared/fields.ts';
export * from './trucks/decider.ts';
export * from './trucks/events.ts';
export * from './trucks/schemas.ts';
export * from './us-cities.ts';
