import type { AuthService } from '@dispatch/auth';
import { bearerOf, callerFirst, requireScope, requireSession } from '@dispatch/auth';
import { citiesAnswerSchema, citiesQuerySchema } from '@dispatch/domain';
import { answers, openToKeys, type RoutesPlugin } from '@dispatch/http';
import { loadGazetteer, searchPlaces } from '@dispatch/places';
import type { FastifyRequest } from 'fastify';

/**
 * GET /api/v1/cities?state=ME&search=ban&limit=20: the city pickers' search, from the gazetteer. A
 * state's places whose name starts with the text (case, punctuation, diacritics and the St./Ft./Mt.
 * abbreviations forgiven), largest population first. Any signed-in user: the gazetteer is the same
 * for every organization. A state that is not one of the 50 or DC has no places. An API key needs
 * the `postings:read` scope.
 */
export function cityQueries(options: { auth: AuthService }): RoutesPlugin {
  const signedInOrKey = (auth: AuthService, request: FastifyRequest) =>
    bearerOf(request) === null ? requireSession(auth, request) : requireScope('postings:read')(auth, request);
  return async (app) => {
    app.addHook('preValidation', callerFirst(options.auth, signedInOrKey));
    // Loaded with the routes, not on the first search.
    loadGazetteer();
    app.get(
      '/api/v1/cities',
      openToKeys('postings:read', answers({ 200: citiesAnswerSchema }, { querystring: citiesQuerySchema })),
      async (request) => {
        await signedInOrKey(options.auth, request);
        const query = request.query;
        return { success: true as const, data: searchPlaces(query.state, query.search, query.limit) };
      },
    );
  };
}
