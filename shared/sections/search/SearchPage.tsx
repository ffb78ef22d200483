import { pluralKey } from '../../ui/media/plural.ts';
import type { SearchData, searchLoader } from './loaders.server.ts';
import { Form, useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isPastEnd, Pagination } from '../../ui/Pagination.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n, useRootData } from '../../i18n/use-i18n.ts';
import { searchPath } from './search-path.ts';
import { SUGGESTED_SEARCHES } from './suggestions.ts';
import { TypeFilter } from './TypeFilter.tsx';

export function SearchPage() {
  const { q, group, hits, meta, filter } = useLoaderData<typeof searchLoader>();
  const { t, locale } = useI18n();
  const title = t('search.title');
  const seoTitle = q ? `${title}: ${q}` : title;
  /** the hits of every type ("all" in the filter) */
  const allHits = filter?.[0]?.count ?? 0;
  return (
    <div className="container page search">
      {/* result pages are endless combinations of queries: keep them out of the index, follow their links */}
      <Seo title={seoTitle} description={t('search.description')} noindex />
      <PageHeader title={title} crumbs={[{ title }]} />
      <Form method="get" action="/search" className="search-form" role="search" aria-label={title}>
        <label htmlFor="search-q" className="search-form__label">
          {t('search.label')}
        </label>
        <div className="search-form__row">
          <input
            // a new query (a link, back/forward) resets the field to it
            key={q}
            id="search-q"
            className="search-form__input"
            type="search"
            name="q"
            defaultValue={q}
            placeholder={t('search.placeholder')}
            maxLength={200}
            autoComplete="off"
          />
          <button type="submit" className="button search-form__submit">
            {t('search.submit')}
          </button>
        </div>
      </Form>

      {meta === null ? (
        <p className="search__hint">{t('search.hint')}</p>
      ) : (
        <section className="search__results" aria-labelledby="search-results">
          <h2 id="search-results" className="search__heading">
            {t('search.resultsFor', { q })}
          </h2>
          {/* «Найден 1 результат», «Найдено 2 результата», «Найдено 5 результатов»; none: the sentence below says so */}
          {meta.total > 0 ? (
            <p className="page__count" role="status">
              {t(pluralKey('search.count', locale, meta.total), { count: meta.totalText })}
            </p>
          ) : null}
          {/* a filter of nothing («Все 0») is left out */}
          {filter && allHits > 0 ? <TypeFilter options={filter} /> : null}
          {hits.length === 0 ? (
            isPastEnd(meta) ? null : group && allHits > 0 ? (
              // other groups have hits: the filter above leads to them
              <div role="status">
                <EmptyState>{t('search.emptyOfType', { q, type: t(`search.filter.${group}`) })}</EmptyState>
              </div>
            ) : (
              <>
                <div role="status">
                  <EmptyState>{t('search.empty', { q })}</EmptyState>
                </div>
                <NoResults />
              </>
            )
          ) : (
            <ol className="search-results" start={(meta.current_page - 1) * meta.per_page + 1}>
              {hits.map((hit) => (
                <SearchResult key={`${hit.type}:${hit.id}`} hit={hit} />
              ))}
            </ol>
          )}
          <Pagination meta={meta} />
        </section>
      )}
    </div>
  );
}

/** Where to go from a search that found nothing: other searches to try, and the portal's sections (the main menu). */
function NoResults() {
  const { t, locale } = useI18n();
  const menu = useRootData()?.menu ?? [];
  const queries = SUGGESTED_SEARCHES[locale].map((q) => ({ to: searchPath(q), label: q }));
  return (
    <div className="search-suggest">
      <SuggestGroup id="search-suggest-queries" heading={t('search.suggest.queries')} links={queries} />
      {menu.length > 0 ? (
        <SuggestGroup
          id="search-suggest-sections"
          heading={t('search.suggest.sections')}
          links={menu.map((item) => ({ to: item.url, label: item.title }))}
        />
      ) : null}
    </div>
  );
}

function SuggestGroup({ id, heading, links }: { id: string; heading: string; links: { to: string; label: string }[] }) {
  return (
    <section className="search-suggest__group" aria-labelledby={id}>
      <h3 id={id} className="search-suggest__heading">
        {heading}
      </h3>
      <ul className="search-suggest__list">
        {links.map((link) => (
          <li key={link.to}>
            <AppLink to={link.to}>{link.label}</AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SearchResult({ hit }: { hit: SearchData['hits'][number] }) {
  const { t } = useI18n();
  return (
    <li className="search-result">
      <p className="search-result__meta">
        <span className="search-result__type">{t(`search.type.${hit.type}`)}</span>
        {hit.date ? <time dateTime={hit.date}>{hit.dateText}</time> : null}
      </p>
      <h3 className="search-result__title">
        <AppLink to={hit.url}>{hit.title}</AppLink>
      </h3>
      {hit.excerpt ? (
        <p className="search-result__excerpt">
          {/* the content API escapes the excerpt and adds only <mark> tags around the matches */}
          <span dangerouslySetInnerHTML={{ __html: hit.excerpt }} />
        </p>
      ) : null}
    </li>
  );
}
