/** Headers as Node's HTTP server (Fastify, the Socket.IO handshake) or the fetch API hands them over. */
export type IncomingHeaders = Headers | Record<string, string | string[] | undefined>;

export function toHeaders(headers: IncomingHeaders): Headers {
  if (headers instanceof Headers) return headers;
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    // HTTP/2 pseudo-headers (:path, :authority, ...) are not headers a Request may carry.
    if (value === undefined || name.startsWith(':')) continue;
    for (const item of Array.isArray(value) ? value : [value]) result.append(name, item);
  }
  return result;
}
