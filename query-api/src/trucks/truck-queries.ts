import { truckAnswerSchema, truckListQuerySchema, trucksPageAnswerSchema } from '@dispatch/domain';
import { collections, type TruckDocument } from '@dispatch/read-models';
import { type PostingQueriesOptions, postingQueries } from '../lists/posting-queries.ts';
import { toTruck, trucksPage } from './trucks-page.ts';

/** `GET /api/v1/trucks` and `GET /api/v1/trucks/{id}`. */
export const truckQueries = (options: PostingQueriesOptions) =>
  postingQueries<typeof truckListQuerySchema, TruckDocument>(
    {
      list: 'trucks',
      noun: 'Truck',
      collection: collections.trucks,
      expiredCollection: collections.expiredTrucks,
      listQuerySchema: truckListQuerySchema,
      pageAnswerSchema: trucksPageAnswerSchema,
      answerSchema: truckAnswerSchema,
      page: trucksPage,
      toAnswer: toTruck,
    },
    options,
  );
