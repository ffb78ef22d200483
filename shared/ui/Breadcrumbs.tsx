import { useLocation } from 'react-router';
import { AppLink } from './fast-paths/AppLink.tsx';
import { useRuntimeConfig } from './runtime-config.tsx';
import { JsonLd } from './JsonLd.tsx';
import { breadcrumbList } from './structured-data.ts';
import { useI18n } from '../i18n/use-i18n.ts';

export interface Crumb {
  title: string;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  const { pathname } = useLocation();
  const all: Crumb[] = [{ title: t('nav.home'), to: '/' }, ...items];
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
