export { type CommandContext, newCommandContext } from './command-handler.ts';
export { EVENT_POSITION_HEADER } from './event-position.ts';
export { postLoad } from './loads/load-routes.ts';
export { createOrganization } from './organizations/organization-routes.ts';
export { type CommandApiOptions, commandApi } from './plugin.ts';
export { postTruck } from './trucks/truck-routes.ts';
