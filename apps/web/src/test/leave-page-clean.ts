import { cleanup } from '@testing-library/react';
import { afterAll, vi } from 'vitest';

// Test files share a worker's page (see vitest.config.ts): after its own hooks, each file unmounts what it rendered
// and empties the storage, and puts back the real timers and globals, so the next file starts on a blank page.
afterAll(() => {
  cleanup();
  document.body.replaceChildren();
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
