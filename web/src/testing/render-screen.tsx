import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';

/** One request as the in-test server sees it. */
export interface SeenRequest {
  method: string;
  path: string;
  body: unknown;
}

/** The in-test server: answers a request with a status and a JSON body. */
export type TestServer = (request: SeenRequest) => { status?: number; body: unknown };

/**
 * The browser's fetch answered by `server`, for the rest of the test; every request it saw is kept.
 * The product's own modules run as they are: only the network is replaced.
 */
export function serveFetch(server: TestServer): SeenRequest[] {
  const seen: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(request);
    const answer = server(request);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return seen;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Renders `screen` under a real QueryClient and a memory router, as the app would. With `route` (a
 * path such as '/$orgSlug/radius-360/'), the screen is that route's component, so links relative to
 * it resolve as in the app.
 */
export function renderScreen(screen: () => ReactNode, path = '/', route?: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const root = createRootRoute({ component: route ? Outlet : screen });
  const routeTree = route
    ? root.addChildren([createRoute({ getParentRoute: () => root, path: route, component: screen })])
    : root;
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, queryClient, router };
}
