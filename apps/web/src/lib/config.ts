/** The project the footer's 'Powered By' link credits; set VITE_PROJECT_URL at build time for a fork. */
export const PROJECT_URL: string = import.meta.env.VITE_PROJECT_URL ?? 'https://github.com/open-cpq/open-cpq';
