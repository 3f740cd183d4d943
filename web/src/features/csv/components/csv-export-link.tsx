import { FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { type CsvExportList, csvExportUrl } from '../export-url';

/**
 * "Export CSV": a download of the list with the page's search (every page of it). `what` completes
 * the label for screen readers ("of the filtered trucks").
 */
export function CsvExportLink({
  list,
  search,
  what,
  size = 'sm',
}: {
  list: CsvExportList;
  search: object;
  what: string;
  /** The size of the buttons beside it. */
  size?: 'sm' | 'md';
}) {
  return (
    <Button variant="outline" size={size} className={size === 'sm' ? 'h-8' : undefined} asChild>
      <a href={csvExportUrl(list, search)} download data-testid={`export-${list}`}>
        <FileDown aria-hidden />
        Export CSV
        <span className="sr-only"> of {what}</span>
      </a>
    </Button>
  );
}
