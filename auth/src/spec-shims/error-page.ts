/**
 * GET /api/auth/error (docs/rules.md#screens-and-routes): where failed social sign-ins land. The code comes from the query
 * and is shown escaped, so the page can never carry someone else's markup; the product's name is not shown.
 */

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function errorPageHtml(errorCode: string | null): string {
  const code = escapeHtml(errorCode && errorCode.trim() !== '' ? errorCode : 'Unknown');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Authentication Error</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #fafafa; color: #222; }
      main { max-width: 28rem; padding: 2rem; text-align: center; }
      code { display: inline-block; padding: 0.25rem 0.5rem; background: #eee; border-radius: 0.25rem; word-break: break-all; }
      a { display: inline-block; margin-top: 1.5rem; padding: 0.5rem 1rem; background: #222; color: #fff; border-radius: 0.375rem; text-decoration: none; }
    </style>
  </head>
  <body>
    <main>
      <h1>Authentication Error</h1>
      <p>Something went wrong while signing you in. Please try again.</p>
      <p>Error code: <code>${code}</code></p>
      <a href="/">Return to Application</a>
    </main>
  </body>
</html>
`;
}

export function errorPageResponse(url: URL): Response {
  return new Response(errorPageHtml(url.searchParams.get('error')), {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // Nothing on the page runs script or loads anything from elsewhere.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    },
  });
}
