import { type Theme, themes } from '@dispatch/domain';

/** The generic UI-theme key of docs/rules.md#constants-and-limits; index.html reads it too, before the app loads. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export const DEFAULT_THEME: Theme = 'light';

export function parseTheme(value: string | null | undefined): Theme {
  return themes.find((theme) => theme === value) ?? DEFAULT_THEME;
}

/** `system` follows the operating system's dark-mode preference. */
export function resolveTheme(theme: Theme, systemPrefersDark: boolean): 'light' | 'dark' {
  if (theme === 'system') return systemPrefersDark ? 'dark' : 'light';
  return theme;
}
