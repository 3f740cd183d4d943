import { describe, expect, it } from 'vitest';
import { parseScreenPreloads, screenScripts } from './web-assets.ts';

describe("a screen's scripts named in its page", () => {
  const screens = parseScreenPreloads([
    { path: '/$orgSlug/trucks', scripts: ['/assets/trucks-a1.js', '/assets/data-grid-b2.js'] },
    { path: '/$orgSlug/trucks/edit/$id', scripts: ['/assets/edit._id-c3.js'] },
    { path: '/$orgSlug/loads', scripts: ['/assets/loads-d4.js', '<script>', '/elsewhere/x.js', 7] },
    { path: 'no-slash', scripts: ['/assets/x-e5.js'] },
    { scripts: ['/assets/x-f6.js'] },
    null,
  ]);

  it('keeps the entries of the right shape and, in them, the scripts of the build only', () => {
    expect(screens).toEqual([
      { path: '/$orgSlug/trucks', scripts: ['/assets/trucks-a1.js', '/assets/data-grid-b2.js'] },
      { path: '/$orgSlug/trucks/edit/$id', scripts: ['/assets/edit._id-c3.js'] },
      { path: '/$orgSlug/loads', scripts: ['/assets/loads-d4.js'] },
    ]);
    expect(parseScreenPreloads({ path: '/$orgSlug/trucks' })).toEqual([]);
  });

  it('finds the screen whose pattern has as many segments, each the same or a parameter', () => {
    expect(screenScripts(screens, '/prairie-freight/trucks')).toEqual([
      '/assets/trucks-a1.js',
      '/assets/data-grid-b2.js',
    ]);
    expect(screenScripts(screens, '/prairie-freight/trucks/')).toHaveLength(2);
    expect(screenScripts(screens, '/prairie-freight/trucks/edit/T-17')).toEqual(['/assets/edit._id-c3.js']);
    expect(screenScripts(screens, '/prairie-freight/loads')).toEqual(['/assets/loads-d4.js']);
    expect(screenScripts(screens, '/prairie-freight/trucks/post')).toEqual([]);
    expect(screenScripts(screens, '/prairie-freight')).toEqual([]);
    expect(screenScripts(screens, '/prairie-freight/trucks/edit')).toEqual([]);
  });
});
