import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';
import { StaticRouter, useHref, useLocation } from 'react-router';
import { RuntimeConfigProvider, useRuntimeConfig } from '../runtime-config.tsx';

/**
 * The server's store of rendered fragments (server/render/entry.server.tsx): the HTML of `render()` made once per `source`
 * object and `key`, or null when the fragment cannot be reused (it hoists a resource such as a preloaded image, holds
 * a Suspense boundary, or failed to render); then the caller renders its children as usual.
 */
export interface FragmentStore {
  html(source: object, key: string, render: () => ReactNode): string | null;
}

export const FragmentStoreContext = createContext<FragmentStore | null>(null);

type Host = 'footer' | 'header' | 'nav' | 'section' | 'article' | 'div' | 'ul';

export interface RenderOnceProps extends HTMLAttributes<HTMLElement> {
  /** the host element, rendered as usual; its children are the fragment */
  as: Host;
  /**
   * the object the children are made from (the layout data, which stays the same object while the upstream values
   * do); null or undefined: never reused
   */
  source: object | null | undefined;
  /** everything else the children depend on (locale, year …): one fragment per source and key */
  cacheKey: string;
  children: ReactNode;
}

function ClientRenderOnce({ as: Tag, source: _source, cacheKey: _cacheKey, children, ...host }: RenderOnceProps) {
  return <Tag {...host}>{children}</Tag>;
}

/**
 * On the server the children are rendered to HTML once (per source and key) in a render of their own and sent as the
 * host's inner HTML; the router's contexts and the runtime config are passed on to that render. The browser
 * hydrates the host's children against that HTML as it would against any server render: the markup is what React
 * renders for these children in place (tests/unit/shared/ui/fast-paths/render-once.test.tsx), so there is nothing to
 * mismatch. Children must depend on nothing but the source, the key and these contexts' values that do not vary
 * within a locale (the basename, the layout data): on the location only through what the key spells out (the menu's
 * key holds the state of each of its links).
 */
function ServerRenderOnce(props: RenderOnceProps) {
  const store = useContext(FragmentStoreContext);
  // without the server's store (a component rendered on its own) or a source: the host and its children, as usual
  if (!store || !props.source) return <ClientRenderOnce {...props} />;
  return <StoredRenderOnce {...props} source={props.source} store={store} />;
}

function StoredRenderOnce({
  as: Tag,
  source,
  cacheKey,
  store,
  children,
  ...host
}: RenderOnceProps & { source: object; store: FragmentStore }) {
  const location = useLocation();
  // the locale's basename: the href of the root below it, without the trailing slash ('' for Russian, '/en')
  const basename = useHref('/').replace(/\/$/, '');
  const config = useRuntimeConfig();
  const html = store.html(source, `${Tag}:${cacheKey}`, () => (
    <RuntimeConfigProvider value={config}>
      <StaticRouter basename={basename} location={basename + location.pathname + location.search}>
        {children}
      </StaticRouter>
    </RuntimeConfigProvider>
  ));
  if (html === null) return <Tag {...host}>{children}</Tag>;
  return <Tag {...host} dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * A host element whose children are the same for every request that shares `source` and `cacheKey` (the footer of a
 * locale, the card of a news item): rendered once on the server and reused (docs/decisions/0080). The browser build
 * renders the children.
 */
export const RenderOnce: (props: RenderOnceProps) => ReactNode = import.meta.env.SSR
  ? ServerRenderOnce
  : ClientRenderOnce;
