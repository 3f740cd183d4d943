import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The open and clean-up of a contract suite on a file: each open makes a temporary folder (named from
 * `prefix`) and opens `file` in it, each clean-up removes that folder.
 */
export function onTemporaryFile<S>(
  prefix: string,
  file: string,
  open: (path: string) => S,
): [open: () => S, cleanup: () => void] {
  let directory = '';
  return [
    () => {
      directory = mkdtempSync(join(tmpdir(), prefix));
      return open(join(directory, file));
    },
    () => rmSync(directory, { recursive: true, force: true }),
  ];
}
