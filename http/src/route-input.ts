import { fieldErrors } from '@dispatch/domain';
import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import { z } from 'zod';
import { InputError, type InputSource } from './boundary.ts';

/**
 * What a route takes, as the domain's zod schemas: its JSON body, its path parameters, its query
 * string and its headers. Fastify parses each part with them before the handler runs, so the handler
 * receives the schema's output, and the OpenAPI document shows them.
 */
export interface RouteInput {
  body?: z.ZodType;
  params?: z.ZodType;
  querystring?: z.ZodType;
  headers?: z.ZodType;
}

/** Types `request.body`, `request.params`, `request.query` and `request.headers` from the route's schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A service's routes, registered with their inputs typed by their schemas. */
export type RoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

const sourceOf: Record<string, InputSource> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

const parseWithDomainSchema: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const source = sourceOf[httpPart ?? 'body'] ?? 'body';
  return (value) => {
    const result = schema.safeParse(value);
    if (!result.success) return { error: new InputError(source, fieldErrors(result.error)) };
    // The headers keep every header the schema does not name: the session cookie, the user agent.
    if (source === 'headers') return { value: { ...(value as object), ...(result.data as object) } };
    return { value: result.data };
  };
};

/**
 * Parses every route's input with its declared zod schemas, in this context and its children; a
 * refusal is an `InputError`, which the error handler answers as every invalid input is answered.
 */
export function parseRouteInputs(app: FastifyInstance) {
  app.setValidatorCompiler(parseWithDomainSchema);
  app.addHook('preValidation', async (request) => {
    // A request without a body reads as an empty object; a body of `null`, a number or a list does not.
    if (request.body === undefined && request.routeOptions.schema?.body !== undefined) request.body = {};
  });
}

const inputParts = ['body', 'params', 'querystring', 'headers'] as const;

/** The zod schemas a route's `schema` declares for its input (the route table's view of a route). */
export function inputOf(schema: unknown): RouteInput {
  const input: RouteInput = {};
  for (const part of inputParts) {
    const declared = (schema as Record<string, unknown> | undefined)?.[part];
    if (declared instanceof z.ZodType) input[part] = declared;
  }
  return input;
}

/** The JSON Schema of what a caller sends, for the OpenAPI document. */
export function inputJsonSchema(schema: z.ZodType) {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return json;
}

/** A route's schema with its zod input schemas written as JSON Schema (its answers already are). */
export function documentedInput<S extends object>(schema: S): S {
  const documented: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  for (const part of inputParts) {
    const declared = (schema as Record<string, unknown>)[part];
    if (declared instanceof z.ZodType) documented[part] = inputJsonSchema(declared);
  }
  return documented as S;
}
