import type { AuthService } from '@dispatch/auth';
import { callerFirst, requireSession } from '@dispatch/auth';
import { citiesAnswerSchema, citiesQuerySchema } from '@dispatch/domain';
import { answers, type RoutesPlugin } from '@dispatch/http';
import { loadGazetteer, searchPlaces } from '@dispatch/places';

/**
 * GET /api/v1/cities?state=ME&search=ban&limit=20: the city pickers' search, from the gazetteer. A
 * state's places whose name starts with the text (case, punctuation, diacritics and the St./Ft./Mt.
 * abbreviations forgiven), largest population first. Any signed-in user: the gazetteer is the same
 * for every organization. A state that is not one of the 50 or DC has no places.
 */
export function cityQueries(options: { auth: AuthService }): RoutesPlugin {
  return async (app) => {
    app.addHook('preValidation', callerFirst(options.auth, requireSession));
    // Loaded with the routes, not on the first search.
    loadGazetteer();
    app.get(
      '/api/v1/cities',
      answers({ 200: citiesAnswerSchema }, { querystring: citiesQuerySchema }),
      async (request) => {
        await requireSession(options.auth, request);
        const query = request.query;
        return { success: true as const, data: searchPlaces(query.state, query.search, query.limit) };
      },
    );
  };
}
