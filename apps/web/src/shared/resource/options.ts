import { isRemote, type Option, type OptionSource, type RemoteOptions } from './types.ts';

/**
 * The options of a select, whether fixed or loaded by a hook, or the server search that finds
 * them (`remote`: RemoteSelect asks it page by page). Call it in render, like any hook.
 */
export function useOptions(source: OptionSource | undefined): { options: Option[]; loading: boolean; remote?: RemoteOptions } {
  if (source === undefined) return { options: [], loading: false };
  if (isRemote(source)) return { options: [], loading: false, remote: source };
  if (Array.isArray(source)) return { options: source, loading: false };
  const loaded = source();
  if (isRemote(loaded)) return { options: [], loading: false, remote: loaded };
  return { options: loaded.options, loading: loaded.loading ?? false };
}

/**
 * The id another field of the form holds (`Form.useWatch`, which antd types as anything), for a
 * source whose options depend on it: nothing while that field is empty.
 */
export function watchedId(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
