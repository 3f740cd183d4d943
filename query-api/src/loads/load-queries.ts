import { loadAnswerSchema, loadListQuerySchema, loadsPageAnswerSchema } from '@dispatch/domain';
import { collections, type LoadDocument } from '@dispatch/read-models';
import { type PostingQueriesOptions, postingQueries } from '../lists/posting-queries.ts';
import { loadsPage, toLoad } from './loads-page.ts';

/** `GET /api/v1/loads` and `GET /api/v1/loads/{id}`. */
export const loadQueries = (options: PostingQueriesOptions) =>
  postingQueries<typeof loadListQuerySchema, LoadDocument>(
    {
      list: 'loads',
      noun: 'Load',
      collection: collections.loads,
      listQuerySchema: loadListQuerySchema,
      pageAnswerSchema: loadsPageAnswerSchema,
      answerSchema: loadAnswerSchema,
      page: loadsPage,
      toAnswer: toLoad,
    },
    options,
  );
