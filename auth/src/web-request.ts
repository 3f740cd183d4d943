import type { FastifyReply, FastifyRequest } from 'fastify';
import { toHeaders } from './headers.ts';

// Hop-by-hop and framing headers describe the incoming connection, not the Request rebuilt from it.
const connectionHeaders = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'expect',
];

/** Rebuilds the WHATWG Request that better-auth expects from a Fastify request with a raw Buffer body. */
export function toWebRequest(request: FastifyRequest, baseURL: string): Request {
  const headers = toHeaders(request.headers);
  for (const name of connectionHeaders) headers.delete(name);
  // Fastify's `request.ip` already applies the server's trustProxy setting; handing better-auth that one
  // address (rather than whatever chain the client sent) keeps its rate limits and session IPs unspoofable.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && Buffer.isBuffer(request.body);
  return new Request(new URL(request.url, baseURL), {
    method: request.method,
    headers,
    body: hasBody ? new Uint8Array(request.body as Buffer) : undefined,
  });
}

/** Copies a WHATWG Response onto the Fastify reply, keeping every Set-Cookie header separate. */
export async function sendWebResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie' || name === 'content-length') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
  return reply.send(body);
}
