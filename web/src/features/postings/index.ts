// What other features may use of this one; everything else in the folder is its own.

export { useRefreshPosting } from './api/refresh-posting';
export { ExpiredPostings } from './components/expired-postings';
export { NotOnMapMark } from './components/not-on-map-mark';
export { PostingAge } from './components/posting-age';
export { type BoardKind, PostingBoard } from './components/posting-board';
export {
  AvailabilityDateField,
  DispatcherFields,
  NotesField,
  PlaceFields,
  TrailerTypeField,
} from './components/posting-fields';
export { usePostingContact } from './contact-memory';
export { postingAge } from './posting-age';
