// What other features may use of this one; everything else in the folder is its own.
export { useActiveMember } from './api/get-active-member';
export { membersQueryOptions } from './api/get-members';
export { CreatorFilter } from './components/creator-filter';
export { FilterChips, SearchBox } from './components/list-controls';
export { MemberPhone } from './components/member-phone';
export { SettingsNav } from './components/settings-nav';
export { formatDay } from './format';
export { guardNotices, noticeRedirect } from './guard-notices';
export { useManagersOnly } from './hooks/use-managers-only';
export { canManageMembers } from './members-search';
export type { Organization } from './types';
