import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadEntryPage } from './app/lazy-pages';
import { createQueryClient } from './app/providers';
import { prefetchSession } from './features/auth/api/session-queries';
import { readToken } from './lib/token-storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session loads and the first page's code downloads while React starts, not one after the other.
const queryClient = createQueryClient();
const auth = readToken();
prefetchSession(queryClient, auth?.username ?? null);
preloadEntryPage(window.location.pathname, auth !== null, queryClient);

// A transition lets React render the first screen in small slices, so the page keeps answering input (and the
// boot frame of index.html keeps spinning) while it does.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
});
