import { useLocation } from 'react-router';
import { AppLink } from './fast-paths/AppLink.tsx';
import { useRuntimeConfig } from './runtime-config.tsx';
import { JsonLd } from './JsonLd.tsx';
import { breadcrumbList } from './structured-data.ts';
import { useI18n, useRootData } from '../i18n/use-i18n.ts';
import type { MenuItem } from '../schemas/menu.ts';

export interface Crumb {
  title: string;
  to?: string;
}

const within = (pathname: string, url: string) =>
  url.length > 1 && (pathname === url || pathname.startsWith(`${url}/`));

/**
 * The section of the main menu a page belongs to, when the page's own crumbs do not name it: the top-level item whose
 * address contains the page's (`/resources` for `/resources/database`, `/countries` for `/countries/kazakhstan`), or
 * else the one with a subitem of another address at or above the page (`/cryosphere` for `/glaciers` and its
 * articles: ADR 0134), so that every trail goes through the section's overview page.
 */
export function sectionCrumb(menu: readonly MenuItem[], pathname: string, items: readonly Crumb[]): Crumb[] {
  const section =
    menu.find((m) => m.url.length > 1 && pathname.startsWith(`${m.url}/`)) ??
    menu.find((m) => m.subitems.some((s) => s.url !== m.url && within(pathname, s.url)) && !within(pathname, m.url));
  if (!section || items.some((c) => c.to === section.url)) return [];
  return [{ title: section.title, to: section.url }];
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  const { pathname } = useLocation();
  const menu = useRootData()?.menu ?? [];
  const all: Crumb[] = [{ title: t('nav.home'), to: '/' }, ...sectionCrumb(menu, pathname, items), ...items];
  return (
    <>
      <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
        <ol>
          {all.map((crumb, i) => {
            const last = i === all.length - 1;
            return (
              <li key={i} aria-current={last ? 'page' : undefined}>
                {crumb.to && !last ? <AppLink to={crumb.to}>{crumb.title}</AppLink> : crumb.title}
              </li>
            );
          })}
        </ol>
      </nav>
      <JsonLd data={breadcrumbList(origin, locale, all, pathname)} />
    </>
  );
}
