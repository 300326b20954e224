import './lib/zod-without-eval';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadEntryPage } from './app/lazy-pages';
import { prefetchSession } from './features/auth/api/session-loads';
import { readToken } from './lib/token-storage';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The session loads and the first page's code downloads while React starts, not one after the other.
const auth = readToken();
prefetchSession(auth?.username ?? null);
preloadEntryPage(window.location.pathname, auth !== null);

// A transition lets React render the first screen in small slices, so the page keeps answering input (and the
// boot frame of index.html keeps spinning) while it does.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
