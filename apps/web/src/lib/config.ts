/**
 * Where the footer's 'Powered By' link goes: the running app's own API documentation unless a deployment sets
 * VITE_PROJECT_URL at build time (for example to its source repository).
 */
export const PROJECT_URL: string = import.meta.env.VITE_PROJECT_URL ?? '/api/docs';
