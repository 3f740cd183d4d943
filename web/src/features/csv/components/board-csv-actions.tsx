import { Link } from '@tanstack/react-router';
import { FileUp } from 'lucide-react';
import type { BoardPath } from '../../../components/board/board-kind';
import { activeFilterCount, type BoardFilters } from '../../../components/board/board-search';
import { Button } from '../../../components/ui/button';
import { CsvExportLink } from './csv-export-link';

/**
 * The board's CSV buttons, beside its post button: "Export CSV" (the board as it is filtered, every
 * page, as of its moment when it shows one) and "Import CSV" (not on a board of the past: read only).
 */
export function BoardCsvActions({
  path,
  search,
  orgSlug,
}: {
  path: BoardPath;
  search: BoardFilters & { asOf?: string };
  orgSlug: string;
}) {
  const kind = path === '/$orgSlug/trucks/' ? 'trucks' : 'loads';
  const filtered = activeFilterCount(search) > 0;
  return (
    <>
      <CsvExportLink list={kind} search={search} what={filtered ? `the filtered ${kind}` : `all ${kind}`} />
      {search.asOf ? null : (
        <Button variant="outline" size="sm" className="h-8" asChild>
          <Link
            to={kind === 'trucks' ? '/$orgSlug/trucks/import' : '/$orgSlug/loads/import'}
            params={{ orgSlug }}
          >
            <FileUp aria-hidden />
            Import CSV
          </Link>
        </Button>
      )}
    </>
  );
}
