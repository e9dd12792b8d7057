import type { Option, OptionSource } from './types.ts';

/** The options of a select, whether fixed or loaded by a hook. Call it in render, like any hook. */
export function useOptions(source: OptionSource | undefined): { options: Option[]; loading: boolean } {
  if (source === undefined) return { options: [], loading: false };
  if (Array.isArray(source)) return { options: source, loading: false };
  const loaded = source();
  return { options: loaded.options, loading: loaded.loading ?? false };
}
