import { lazy, type ComponentType } from 'react';

/** antd's providers, a chunk of their own: the shell prefetches it when the browser is idle. */
export const loadAntdProviders = () => import('./AntdProviders.tsx');

/**
 * Loads a component built with antd together with antd's providers and returns it wrapped in
 * them: the shell and the dashboard stay without antd, and whatever needs it brings it along.
 */
export async function withAntd<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  const [{ default: AntdProviders }, Component] = await Promise.all([loadAntdProviders(), load()]);
  return function WithAntd(props: P) {
    return (
      <AntdProviders>
        <Component {...props} />
      </AntdProviders>
    );
  };
}

/** `React.lazy` for a component built with antd, opened from an antd-free part (the shell's popups and modals). */
export function lazyWithAntd<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await withAntd(load) }));
}
