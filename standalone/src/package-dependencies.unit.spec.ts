import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every package declares in its own package.json what its code imports (a type-only import may be
 * declared through its `@types/` package): nothing works only because another package or the root
 * happens to install it.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const workspaces = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { workspaces: string[] })
  .workspaces;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    // A folder with a package.json of its own (bench/emmett) is a package outside the workspaces.
    if (statSync(path).isDirectory()) return existsSync(join(path, 'package.json')) ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry) && !entry.endsWith('.gen.ts') ? [path] : [];
  });
}

const specifiers = /(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('package dependencies', () => {
  it.each(workspaces)('%s declares every package its code imports', (workspace) => {
    const manifest = JSON.parse(readFileSync(join(root, workspace, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | string
    >;
    const declared = new Set<string>([
      manifest.name as string,
      ...['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) =>
        Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
      ),
    ]);
    const undeclared = new Set<string>();
    for (const file of sourceFiles(join(root, workspace))) {
      for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(specifiers)) {
        if (/^(\.|\/|node:)/.test(specifier)) continue;
        const name = packageOf(specifier);
        const types = `@types/${name.replace(/^@/, '').replace('/', '__')}`;
        if (!declared.has(name) && !declared.has(types))
          undeclared.add(`${name} (${file.slice(root.length)})`);
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
