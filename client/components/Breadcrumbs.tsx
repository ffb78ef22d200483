import { Link } from 'react-router';
import { useI18n } from '../i18n.ts';

export interface Crumb {
  title: string;
  to?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useI18n();
  const all: Crumb[] = [{ title: t('nav.home'), to: '/' }, ...items];
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {all.map((crumb, i) =>
          crumb.to && i < all.length - 1 ? (
            <li key={i}>
              <Link to={crumb.to}>{crumb.title}</Link>
            </li>
          ) : (
            <li key={i} aria-current="page">
              {crumb.title}
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
