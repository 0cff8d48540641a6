import { type ComponentType, createElement, lazy } from "react";

/** A page loaded on first use, which can also be loaded ahead of its first render. */
export type PreloadablePage = ComponentType & { preload: () => Promise<void> };

/**
 * `React.lazy` that can be loaded ahead (`preload`): once its code is here it renders at once instead
 * of suspending. A suspended page costs more than its download: React shows the fallback and then
 * holds the page back until 300 ms after the fallback appeared (its reveal throttle), which was most
 * of the register's start from the cache.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): PreloadablePage {
  let loaded: ComponentType | null = null;
  const remember = (module: { default: ComponentType }) => {
    loaded = module.default;
    return module;
  };
  const Lazy = lazy(() => load().then(remember));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, {
    preload: () => load().then((module) => void remember(module)),
  });
}
