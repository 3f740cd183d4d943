import { afterAll, afterEach, expect } from 'vitest';
import { takePolicyViolations } from './browser.ts';

// Every browser test fails on a Content Security Policy violation in any page it opened, whatever
// the test itself checks: the app runs under its policy without one.
afterEach(() => {
  expect(takePolicyViolations(), 'Content Security Policy violations').toEqual([]);
});
afterAll(() => {
  expect(takePolicyViolations(), 'Content Security Policy violations after the last test').toEqual([]);
});
