import type { SearchData } from './loaders.server.ts';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

type Options = NonNullable<SearchData['filter']>;

/**
 * The results by type: a link per group of types the query has hits of, with its count, and "all" (plain links: the
 * filter works without JavaScript, and each choice is its own page, `?type=`). The chosen one is the current page.
 */
export function TypeFilter({ options }: { options: Options }) {
  const { t } = useI18n();
  return (
    <nav className="search-filter" aria-label={t('search.filter.label')}>
      <ul className="search-filter__list">
        {options.map((option) => (
          <li key={option.group ?? 'all'}>
            <AppLink
              to={option.to}
              className={option.current ? 'search-filter__option is-current' : 'search-filter__option'}
              aria-current={option.current ? 'page' : undefined}
            >
              {option.group ? t(`search.filter.${option.group}`) : t('search.filter.all')}
              <span className="search-filter__count">{option.countText}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
