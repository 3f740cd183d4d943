import { createFileRoute } from '@tanstack/react-router';
import { CsvImportPage } from '../../../../features/csv/components/csv-import/csv-import-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/loads/import')({
  component: ImportLoadsPage,
});

function ImportLoadsPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Import loads', organization.name);
  return <CsvImportPage kind="loads" orgSlug={organization.slug} />;
}
