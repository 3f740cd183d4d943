import { type ApiKeyScope, apiKeyActorId, apiKeyScopeLabels } from '@dispatch/domain';
import { type ActorDocument, type ApiKeyDocument, actorDocumentId, collections } from '@dispatch/read-models';
import type { RecordedEvent } from '@dispatch/storage';
import type { ProjectionContext } from '../../projection.ts';
import { userName } from './actors.ts';
import { change } from './changes.ts';
import type { Data, Describe } from './described.ts';
import { text } from './described.ts';

/** How the log names what a key did: `API key "<name>" (<creator's name>)`. */
export const apiKeyActorName = (name: string, creatorName: string) => `API key "${name}" (${creatorName})`;

const scopesText = (scopes: unknown) =>
  Array.isArray(scopes)
    ? scopes.map((scope) => apiKeyScopeLabels[scope as ApiKeyScope] ?? String(scope)).join(', ')
    : null;

/**
 * The entry of a key made or revoked (a key's uses have none). A key made is also recorded among the
 * organization's actors, so what it does later is named after it and its creator.
 */
export const describeApiKeyEvent: Describe = async (
  event: RecordedEvent,
  data: Data,
  context: ProjectionContext,
) => {
  const orgId = event.metadata.orgId;
  const keyId = String(data.keyId);
  const base = { orgId, kind: 'apiKey' as const, subjectId: keyId };
  if (event.type === 'ApiKeyCreated') {
    const name = text(data.name) ?? keyId;
    const creatorName = (await userName(context, orgId, data.createdBy)) ?? String(data.createdBy);
    const actor: Omit<ActorDocument, 'position'> = {
      id: actorDocumentId(orgId, apiKeyActorId(keyId)),
      orgId,
      userId: apiKeyActorId(keyId),
      name: apiKeyActorName(name, creatorName),
      email: '',
    };
    context.put(collections.activityActors, actor);
    return {
      ...base,
      subjectLabel: name,
      changes: [
        { field: 'name', from: null, to: name },
        { field: 'scopes', from: null, to: scopesText(data.scopes) },
        ...(typeof data.expiresAt === 'string'
          ? [{ field: 'expiresAt', from: null, to: data.expiresAt }]
          : []),
      ],
    };
  }
  const key = await context.get<ApiKeyDocument>(collections.apiKeys, keyId);
  return { ...base, subjectLabel: key?.name ?? null, changes: change('status', 'active', 'revoked') };
};
