// Helpers for organization tests, shared with the command and query APIs' tests: see test-kit/src/.
export * from '@dispatch/test-kit';
