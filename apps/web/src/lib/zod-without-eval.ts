import { config } from 'zod';

/**
 * The app's Content-Security-Policy allows no eval, so zod must not probe for it: zod 4 tries `Function('')` once, when
 * the first object schema is built, to decide whether to compile fast parsers, and under this CSP that try is
 * reported as a violation even though zod catches it. Jitless parsing is what the browser gets anyway. Imported first
 * by main.tsx, so it runs before any module builds a schema.
 */
config({ jitless: true });
