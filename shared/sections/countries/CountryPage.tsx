import { pluralKey } from '../../ui/media/plural.ts';
import { ContentImage } from '../../ui/ContentImage.tsx';
import { listTitle } from '../../ui/list-title.ts';
import type { countryLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FileList } from '../../ui/files/FileList.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isPastEnd, Pagination } from '../../ui/Pagination.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { CountryGlaciers } from './CountryGlaciers.tsx';

export function CountryPage() {
  const { profile, files, meta, countryKnown } = useLoaderData<typeof countryLoader>();
  const { t, locale } = useI18n();
  const seoTitle = listTitle(t, profile.title, meta);
  return (
    <div className="container page country">
      <Seo title={seoTitle} description={profile.excerpt} />
      <PageHeader title={profile.title} crumbs={[{ title: profile.title }]} lead={profile.excerpt} />

      <div className="country__layout">
        <div className="country__main">
          <ContentImage image={profile.image} className="country__image" priority />
          <RichText html={profile.body} />
        </div>
        {profile.facts.length > 0 ? (
          <aside className="country__facts" aria-labelledby="country-facts">
            <h2 id="country-facts">{t('countries.facts')}</h2>
            <dl>
              {profile.facts.map((fact, i) => (
                <div key={i} className="country__fact">
                  <dt>{fact.label}</dt>
                  <dd>{fact.value}</dd>
                </div>
              ))}
            </dl>
          </aside>
        ) : null}
      </div>

      <CountryGlaciers />

      <section className="country__files" aria-labelledby="country-files">
        <div className="section__head">
          <h2 id="country-files">{t('countries.files')}</h2>
          {countryKnown && meta.total > 0 ? (
            <AppLink className="section__more" to={`/resources/database?country=${encodeURIComponent(profile.slug)}`}>
              {t('countries.allFiles')} →
            </AppLink>
          ) : null}
        </div>
        {meta.total > 0 ? (
          <p className="page__count">
            {t(pluralKey('countries.filesCount', locale, meta.total), { count: meta.totalText })}
          </p>
        ) : null}
        {files.length === 0 ? (
          isPastEnd(meta) ? null : (
            <EmptyState>{t('countries.filesEmpty')}</EmptyState>
          )
        ) : (
          <FileList files={files} headingLevel={3} />
        )}
        <Pagination meta={meta} />
      </section>
    </div>
  );
}
