// What other features may use of this one; everything else in the folder is its own.
export { envelopeQueryOptions } from './api/get-envelope';
export { envelopesQueryOptions } from './api/get-envelopes';
export { EnvelopeHistoryDialog } from './components/envelope-history-dialog';
export { envelopeFieldLabel, envelopeValueText } from './history-wording';
