/**
 * zod compiles its object parsers with `new Function`, and probes whether it may the first
 * time an object schema is built. The portal's content security policy allows no eval: the
 * probe fails quietly, but the browser still reports it as a violation. Interpreted parsing is
 * asked for before any schema exists (this module is the entry's first import), through the
 * global zod keeps its configuration in (what `z.config({ jitless: true })` writes), so the
 * entry does not load zod itself (the sign-in screen's budget); zod-without-eval.test.ts holds
 * zod to reading it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
export {};
