// What other features may use of this one; everything else in the folder is its own.
export { BoardCsvActions } from './components/board-csv-actions';
export { CsvExportLink } from './components/csv-export-link';
