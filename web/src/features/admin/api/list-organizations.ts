import type { MemberUserView, OrganizationView, PagedList } from '@dispatch/domain';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';
import type { AdminOrganizationsSearch } from '../admin-search';
import { adminKeys } from './admin-keys';

export interface AdminOrganization extends OrganizationView {
  memberCount: number;
  owners: MemberUserView[];
}

export const adminOrganizationsQueryOptions = (search: AdminOrganizationsSearch) =>
  queryOptions({
    queryKey: adminKeys.organizations(search),
    queryFn: ({ signal }) =>
      request<PagedList<AdminOrganization>>('/api/v1/admin/organizations', { search: { ...search }, signal }),
    placeholderData: keepPreviousData,
  });
