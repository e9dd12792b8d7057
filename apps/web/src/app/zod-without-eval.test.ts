import { describe, expect, it } from 'vitest';

describe('zod without eval', () => {
  it('zod reads the setting the entry writes before it loads: no parser is compiled with new Function', async () => {
    await import('./zod-without-eval.ts');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    // An object schema built now parses without generating code.
    const compiled: unknown[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, { construct: (target, args) => (compiled.push(args), Reflect.construct(target, args)) });
    try {
      expect(z.object({ name: z.string() }).safeParse({ name: 'x' }).success).toBe(true);
    } finally {
      globalThis.Function = original;
    }
    expect(compiled).toEqual([]);
  });
});
