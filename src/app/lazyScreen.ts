import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

type ScreenModule = { default: ComponentType };

export interface LazyScreen {
  (): ReactElement;
  /** Starts loading the screen's chunk (once); resolves when it can render without suspending. */
  preload: () => Promise<unknown>;
}

/**
 * A screen in its own chunk, like React.lazy, that can also be loaded before the first render: once it
 * is here it renders at once instead of suspending, so a page whose screen has arrived never flashes the
 * loading spinner on its way in.
 */
export function lazyScreen(load: () => Promise<ScreenModule>): LazyScreen {
  let ready: ComponentType | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      ready = module.default;
      return module;
    }));
  const Suspending = lazy(preload);
  function Screen() {
    // Chosen once per mount: switching component type later would remount the screen and lose its state.
    const [Component] = useState(() => ready ?? Suspending);
    return createElement(Component);
  }
  return Object.assign(Screen, { preload });
}

export function isLazyScreen(type: unknown): type is LazyScreen {
  return typeof type === 'function' && typeof (type as Partial<LazyScreen>).preload === 'function';
}
