import { loadAnswerSchema, loadListQuerySchema, loadsPageAnswerSchema } from '@dispatch/domain';
import { collections, type LoadDocument } from '@dispatch/read-models';
import { type PostingQueriesOptions, postingQueries } from '../lists/posting-queries.ts';
import { loadsPage, toLoad } from './loads-page.ts';
import { pageFor, refuseMarginQuery, seesMargin, withoutMargin } from './margin-visibility.ts';

/** `GET /api/v1/loads` and `GET /api/v1/loads/{id}`. */
export const loadQueries = (options: PostingQueriesOptions) =>
  postingQueries<typeof loadListQuerySchema, LoadDocument>(
    {
      list: 'loads',
      noun: 'Load',
      collection: collections.loads,
      expiredCollection: collections.expiredLoads,
      listQuerySchema: loadListQuerySchema,
      pageAnswerSchema: loadsPageAnswerSchema,
      answerSchema: loadAnswerSchema,
      page: loadsPage,
      toAnswer: toLoad,
      // The margin is for owners, admins, Member+ and API keys (docs/decisions.md#trip-miles-rate-per-mile-and-margin).
      forCaller: {
        refuse: refuseMarginQuery,
        page: pageFor,
        one: (actor, load: object) => (seesMargin(actor) ? load : withoutMargin(load)),
      },
    },
    options,
  );
