/**
 * The app's Content-Security-Policy allows no eval, so zod must not probe for it: zod 4 tries `Function('')` once, when
 * the first object schema is built, to decide whether to compile fast parsers, and under this CSP that try is
 * reported as a violation even though zod catches it. Jitless parsing is what the browser gets anyway. Imported first
 * by main.tsx, so it runs before any module builds a schema.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` and adopts the object it finds there, so the setting is
 * written there rather than through `config()` from 'zod': that import would put part of zod in the first download,
 * and the sign-in screen builds no schema until its form is used.
 */
type TZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

const zodGlobal = globalThis as TZodGlobal;
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });
