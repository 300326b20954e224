import type { QueryClient } from '@tanstack/react-query';

let loaded: QueryClient | null = null;

/**
 * The app's query cache once a page that fetches has loaded it, else null: the sign-in screens never load it, and
 * code that runs on every screen (the shell's live updates, sign-out) has nothing cached to touch before then.
 */
export const loadedQueryClient = (): QueryClient | null => loaded;

/** Called once by the module that creates the app's query client. */
export function setLoadedQueryClient(client: QueryClient): void {
  loaded = client;
}
