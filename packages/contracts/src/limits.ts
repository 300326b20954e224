/**
 * Business constants and limits from the spec (section 9 of both documents), and other plain constants both ends
 * share. Nothing here imports zod: the web app's first chunk reads these, and a module with top-level schema calls
 * would bring all of zod into it.
 */
export const PAGE_SIZES = [12, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 200;
export const SEARCH_DEBOUNCE_MS = 500;
export const ALERT_DURATION_MS = 6000;
export const PASSWORD_MIN_LENGTH = 8;
export const DESCRIPTION_MAX_LENGTH = 250;
export const MFA = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'Open CPQ' } as const;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PRODUCT_IMAGE_PREVIEW_PX = 348;
export const THUMBNAIL_MAX_PX = 75;
export const BREAKPOINTS = { xs: 320, sm: 360, md: 600, lg: 800, xl: 1000, xxl: 1200 } as const;
export const DEFAULT_LINE_QUANTITY = 1;
/**
 * The most lines one quote may hold: every path that adds lines refuses past it, so a quote, its documents and its
 * order stay a size one request can answer and one worker can print.
 */
export const MAX_QUOTE_LINES = 5000;

/**
 * The largest value of a PostgreSQL `integer` (serial ids, versions, quantities, levels): a request number above it
 * is refused as a field error, since the database would fail the whole query on it.
 */
export const PG_INT_MAX = 2_147_483_647;

/** Whether a number can be a database id (a serial): a whole number from 1 to PG_INT_MAX. */
export const isDatabaseId = (value: number): boolean => Number.isInteger(value) && value > 0 && value <= PG_INT_MAX;

/** The live connection's path on the app's own host. The token goes in the handshake `auth`, never the URL. */
export const SOCKET_PATH = '/socket';
