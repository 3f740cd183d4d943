import { errorAnswerSchema } from '@dispatch/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { RouteInput } from './route-input.ts';

/**
 * An answer that is a file rather than JSON (a PDF, say): its media type, and the bytes every such
 * body starts with, which the contract tests check instead of parsing JSON.
 */
export interface BinaryAnswer {
  readonly binary: true;
  readonly contentType: string;
  /** The first bytes of every such body, as latin1 text ("%PDF-" for a PDF); empty when there are none to check. */
  readonly magic: string;
}

/** The bytes a file of each known media type starts with. */
const magicOf: Record<string, string> = { 'application/pdf': '%PDF-' };

/**
 * Declares a file answer: `answers({ 200: binaryAnswer('application/pdf') })`. The OpenAPI document
 * shows it under its media type as binary; `magic` defaults to the media type's known first bytes.
 */
export function binaryAnswer(contentType: string, magic = magicOf[contentType] ?? ''): BinaryAnswer {
  return Object.freeze({ binary: true, contentType, magic });
}

export const isBinaryAnswer = (answer: unknown): answer is BinaryAnswer =>
  typeof answer === 'object' && answer !== null && (answer as Partial<BinaryAnswer>).binary === true;

/**
 * What a route answers by status, kept in the route's config for the contract tests: the zod schema
 * of a JSON answer, or a binary answer's declaration.
 */
export type AnswerSchemas = Record<number, z.ZodType | BinaryAnswer>;

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
 * with. `{ 204: null }` declares an answer without a body, `binaryAnswer(type)` a file.
 * `input` declares what the route takes (its body, path parameters, query and headers, see
 * `RouteInput`): Fastify parses them before the handler runs, and the OpenAPI document shows them.
 */
export function answers<const Input extends RouteInput = Record<never, never>>(
  byStatus: Record<number, z.ZodType | BinaryAnswer | null>,
  input?: Input,
): { schema: Input & { response: Record<string, unknown> }; config: { answers: AnswerSchemas } } {
  const response: Record<string, unknown> = { '4xx': errorJsonSchema, '5xx': errorJsonSchema };
  const schemas: AnswerSchemas = {};
  for (const [status, schema] of Object.entries(byStatus)) {
    if (schema === null) {
      response[status] = { type: 'null', description: 'No body' };
      continue;
    }
    if (isBinaryAnswer(schema)) {
      response[status] = {
        description: `A file (${schema.contentType})`,
        content: { [schema.contentType]: { schema: { type: 'string', format: 'binary' } } },
      };
      schemas[Number(status)] = schema;
      continue;
    }
    response[status] = jsonSchemaOf(schema);
    schemas[Number(status)] = schema;
  }
  return { schema: { ...(input as Input), response }, config: { answers: schemas } };
}

/**
 * Answers are written as they are: the declared schemas document them and the tests check them, but
 * Fastify's schema-driven serializer would silently drop any field a schema does not name.
 */
export function serializeAnswersAsTheyAre(app: FastifyInstance) {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
}
