import { loadEnvironment } from '@dispatch/config';
import { BackupError, restore } from './backup.ts';

/**
 * `npm run restore -- <backup folder> [--rebuild]`: checks the backup against its manifest and copies
 * it into DATA_DIR, which must be new or empty. With --rebuild the read models are left out and the
 * product projects them from the restored log when it starts.
 */
const env = loadEnvironment();
const args = process.argv.slice(2);
const from = args.find((arg) => !arg.startsWith('--'));
if (!from) {
  console.error('Usage: npm run restore -- <backup folder> [--rebuild]');
  process.exit(2);
}
try {
  const rebuild = args.includes('--rebuild');
  const manifest = await restore({ from, dataDir: env.DATA_DIR, rebuild });
  console.log(
    `Restored ${from} into ${env.DATA_DIR}: the event log up to position ${manifest.positions.events}`,
  );
  console.log(
    rebuild
      ? 'The read models are rebuilt from the log when the product starts.'
      : `The read models were at ${manifest.positions.readModels ?? 'none'}; the product projects the rest when it starts.`,
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
