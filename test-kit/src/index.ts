export * from './envelope-fixtures.ts';
export * from './event-fixtures.ts';
export * from './eventually.ts';
export * from './organization-fixtures.ts';
export * from './pdf-text.ts';
export * from './png-fixtures.ts';
export * from './system-check-fixtures.ts';
export * from './test-support.ts';
