// What other features may use of this one; everything else in the folder is its own.

export { BoardLiveRegion, NewRowsButton } from './board-live-region';
export { type LiveConnection, onLiveChange, useLiveConnection } from './live-connection';
export { type BoardChanges, useBoardChanges } from './use-board-changes';
