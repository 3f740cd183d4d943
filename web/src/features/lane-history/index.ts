// What other features may use of this one; everything else in the folder is its own.
export { LaneHistoryButton } from './components/lane-history-button';
export { LaneHistoryCard } from './components/lane-history-card';
export { type Lane, LaneHistoryDialog } from './components/lane-history-dialog';
