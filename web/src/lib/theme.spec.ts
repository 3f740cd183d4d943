import { describe, expect, it } from 'vitest';
import { parseTheme, resolveTheme, THEME_STORAGE_KEY } from './theme';

describe('theme preference', () => {
  it('is stored under the generic UI-theme key', () => {
    expect(THEME_STORAGE_KEY).toBe('vite-ui-theme');
  });

  it('defaults to light when nothing or something unknown is stored', () => {
    expect(parseTheme(null)).toBe('light');
    expect(parseTheme('sepia')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
  });

  it('resolves system from the operating system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
