import { createFileRoute } from '@tanstack/react-router';
import { CsvImportPage } from '../../../../features/csv/components/csv-import/csv-import-page';
import { useDocumentTitle } from '../../../../lib/use-document-title';

export const Route = createFileRoute('/_authenticated/$orgSlug/trucks/import')({
  component: ImportTrucksPage,
});

function ImportTrucksPage() {
  const { organization } = Route.useRouteContext();
  useDocumentTitle('Import trucks', organization.name);
  return <CsvImportPage kind="trucks" orgSlug={organization.slug} />;
}
