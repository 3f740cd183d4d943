// First: it must run before any schema is built (see the module).
import './lib/zod-policy';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { adoptEmbeddedViewer } from './app/embedded-viewer';
import { AppProvider } from './app/provider';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { forgetPositions } from './lib/event-position';
import { prepareLocaleDataWhenIdle } from './lib/locale-warm-up';
import { sessionQueryKey } from './lib/session';
import './styles/index.css';

const queryClient = createQueryClient({
  onUnauthorized: () => {
    // Only a session that was there can end; a refused sign-in is the login form's business.
    if (!queryClient.getQueryData(sessionQueryKey)) return;
    queryClient.clear();
    queryClient.setQueryData(sessionQueryKey, null);
    forgetPositions();
    const { href } = router.state.location;
    void router.navigate({ href: `/login?redirect=${encodeURIComponent(href)}`, replace: true });
  },
});
adoptEmbeddedViewer(queryClient);
const router = createAppRouter(queryClient);
// The first screen's code is asked for at once, beside its guards and its data, not after them.
for (const route of router.getMatchedRoutes(window.location.pathname)[0]) {
  void router.loadRouteChunk(route)?.catch(() => undefined);
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppProvider queryClient={queryClient} router={router} />
  </StrictMode>,
);
// A signed-in screen draws dates and amounts: their locale data is set up while it waits for its data.
if (queryClient.getQueryData(sessionQueryKey)) prepareLocaleDataWhenIdle();
