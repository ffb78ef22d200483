import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import type { FragmentStore } from '../../shared/ui/fast-paths/RenderOnce.tsx';

/** What a reused fragment must not contain: a resource React would hoist into <head>, or a Suspense boundary. */
const NOT_REUSABLE = /<(?:link|meta|title|script|style|base)\b|<!--\$/i;

/**
 * Fragments of `<RenderOnce>` (the footer, the menu, news cards): rendered once per layout data object and key, kept
 * while that object lives (a new upstream value makes a new object; the old one and its fragments are collected). Per
 * object the `maxKeys` most recently used keys stay (the menu has one key per state of its links: a few dozen per
 * locale); a key past that replaces the least recently used one, so no state is left rendering on every request.
 */
export function createFragmentStore(maxKeys = 64): FragmentStore {
  const bySource = new WeakMap<object, Map<string, string | null>>();
  return {
    html(source, key, render: () => ReactNode) {
      let byKey = bySource.get(source);
      if (!byKey) bySource.set(source, (byKey = new Map()));
      const known = byKey.get(key);
      if (known !== undefined) {
        // most recently used last (a Map keeps insertion order)
        byKey.delete(key);
        byKey.set(key, known);
        return known;
      }
      let html: string | null;
      try {
        html = renderToString(render());
        if (NOT_REUSABLE.test(html)) html = null;
      } catch {
        // rendered in place instead, where the page's error handling sees the error
        html = null;
      }
      if (byKey.size >= maxKeys) {
        const oldest = byKey.keys().next();
        if (!oldest.done) byKey.delete(oldest.value);
      }
      byKey.set(key, html);
      return html;
    },
  };
}
