// Helpers for organization tests, shared with the query API's tests: see query-api/src/testing/.
export * from '@dispatch/test-kit';
