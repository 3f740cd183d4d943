import { join } from 'node:path';
import { loadEnvironment } from '@dispatch/config';
import { BackupError, backUp } from './backup.ts';

/**
 * `npm run backup [-- <folder>]`: a consistent copy of the data folder (DATA_DIR) while the product
 * runs on it, into a new folder (by default backups/<time> beside the data folder's parent).
 */
const env = loadEnvironment();
if (env.EVENTSTORE_URL || env.MONGO_URL) {
  console.error(
    'EVENTSTORE_URL or MONGO_URL is set: back those servers up with their own tools (docs/operations.md).',
  );
  process.exit(2);
}
const to =
  process.argv[2] ?? join('backups', new Date().toISOString().replaceAll(':', '-').replace(/\..*$/, ''));
try {
  const manifest = await backUp({ dataDir: env.DATA_DIR, to });
  console.log(`Backed up ${env.DATA_DIR} into ${to}`);
  console.log(
    `Event log up to position ${manifest.positions.events}; read models at ${manifest.positions.readModels ?? 'none'}`,
  );
  for (const file of manifest.files)
    console.log(`  ${file.name}  ${file.bytes} bytes  sha256 ${file.sha256}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
