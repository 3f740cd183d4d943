import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { FilterField } from '../../../components/board/filter-controls';
import { Select } from '../../../components/ui/select';
import { membersQueryOptions } from '../api/get-members';

const everyone = { page: 1, limit: 100, sort: 'asc' as const, role: undefined, search: undefined };

/** Who posted (or sent): one of the organization's members, or anyone. */
export function CreatorFilter({
  organizationId,
  value,
  onChange,
  label = 'Posted by',
}: {
  organizationId: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  label?: string;
}) {
  const id = useId();
  const { data } = useQuery(membersQueryOptions(organizationId, everyone));
  const members = data?.data ?? [];
  const known = !value || members.some((member) => member.userId === value);
  return (
    <FilterField label={label} htmlFor={id}>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || undefined)}>
        <option value="">Anyone</option>
        {members.map((member) => (
          <option key={member.userId} value={member.userId}>
            {member.user.name || member.user.email}
          </option>
        ))}
        {known ? null : <option value={value}>A former member</option>}
      </Select>
    </FilterField>
  );
}
