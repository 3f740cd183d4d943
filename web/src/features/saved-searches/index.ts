// What other features may use of this one; everything else in the folder is its own.
export { SaveSearchButton } from './components/save-search-button';
export { kindOfBoard, postingEditRoute } from './saved-search-links';
