import { errorAnswerSchema } from '@dispatch/domain';
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

/** The zod schemas of a route's answers by status, kept in the route's config for the contract tests. */
export type AnswerSchemas = Record<number, z.ZodType>;

declare module 'fastify' {
  interface FastifyContextConfig {
    answers?: AnswerSchemas;
  }
}

const jsonSchemaOf = (schema: z.ZodType) => {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
};

const errorJsonSchema = jsonSchemaOf(errorAnswerSchema);

/**
 * Declares what a route answers, from the domain's answer schemas: as JSON Schema in the route's
 * `schema.response` (which the OpenAPI document is made of), every refusal in the shared error shape,
 * and as the zod schemas themselves in `config.answers`, which the contract tests parse every answer
 * with. `{ 204: null }` declares an answer without a body.
 */
export function answers(byStatus: Record<number, z.ZodType | null>): RouteShorthandOptions {
  const response: Record<string, unknown> = { '4xx': errorJsonSchema, '5xx': errorJsonSchema };
  const schemas: AnswerSchemas = {};
  for (const [status, schema] of Object.entries(byStatus)) {
    if (schema === null) {
      response[status] = { type: 'null', description: 'No body' };
      continue;
    }
    response[status] = jsonSchemaOf(schema);
    schemas[Number(status)] = schema;
  }
  return { schema: { response }, config: { answers: schemas } };
}

/**
 * Answers are written as they are: the declared schemas document them and the tests check them, but
 * Fastify's schema-driven serializer would silently drop any field a schema does not name.
 */
export function serializeAnswersAsTheyAre(app: FastifyInstance) {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
