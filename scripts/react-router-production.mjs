// react-router's package exports name its development build only (remix-run/react-router#12532): builds take the
// production one, the same code without the development warnings (`ENABLE_DEV_WARNINGS` false). ADR 0083.
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../node_modules/react-router/dist/production/', import.meta.url));

/** Vite `resolve.alias` entries for a build: react-router and react-router/dom → their production modules. */
export const reactRouterProduction = [
  { find: /^react-router$/, replacement: `${dist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${dist}dom-export.mjs` },
];
