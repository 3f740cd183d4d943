import type { OrganizationEvent } from '@dispatch/domain';
import type { RecordedEvent } from '@dispatch/storage';
import { collections } from '../collections.ts';
import type { Projection } from '../projection.ts';

/** Organizations and their members, as the organization switcher and the guards read them. */
export const organizationsProjection: Projection = {
  name: 'organizations',
  collections: [
    { name: collections.organizations, fields: { slug: 'text', name: 'text', createdAt: 'date' } },
    {
      name: collections.members,
      fields: { orgId: 'text', userId: 'text', role: 'text', email: 'text', name: 'text', createdAt: 'date' },
      indexes: [['userId'], ['orgId', 'createdAt']],
    },
  ],
  eventTypes: ['OrganizationCreated', 'MemberAdded'],
  apply(recorded: RecordedEvent, context) {
    const event = recorded as unknown as OrganizationEvent;
    const createdAt = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'OrganizationCreated': {
        const { organizationId, name, slug, timeZone, createdBy } = event.data;
        context.put(collections.organizations, {
          id: organizationId,
          orgId: organizationId,
          name,
          slug,
          timeZone,
          createdBy,
          createdAt,
        });
        context.changed('organization', organizationId, organizationId);
        return;
      }
      case 'MemberAdded': {
        const { organizationId, memberId, userId, role, email, name } = event.data;
        context.put(collections.members, {
          id: memberId,
          orgId: organizationId,
          organizationId,
          userId,
          role,
          email,
          name,
          createdAt,
        });
        context.changed('members', organizationId, memberId);
        return;
      }
    }
  },
};
