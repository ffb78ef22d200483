import type { DatasetData, datasetLoader } from './dataset-loader.server.ts';
import { useLoaderData } from 'react-router';
import { WGMS_CITATION, WGMS_TERMS_TEXT, WGMS_TERMS_URL } from '../../glacier-data.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { DATABASE_PATH, databaseFilePath } from '../../ui/files/paths.ts';
import { JsonLd } from '../../ui/JsonLd.tsx';
import { glacierPagePath } from '../../ui/map/glacier.ts';
import { keepNumberSign } from '../../ui/number-sign.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useRuntimeConfig } from '../../ui/runtime-config.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { siteUrl } from '../../ui/structured-data.ts';
import { TagList } from '../../ui/TagList.tsx';
import { CitationBlock } from './CitationBlock.tsx';
import { ExternalLink } from './ExternalLink.tsx';
import { dataset } from './structured-data.ts';

type File = DatasetData['file'];

/** The file's facts: dates, coverage (its glaciers linked to their panels), language, format and size, topics. */
function FileFacts({ file, glaciers }: { file: File; glaciers: DatasetData['glaciers'] }) {
  const { t } = useI18n();
  const facts: [string, string][] = [
    [t('dataset.published'), file.publishedText],
    ...(file.seriesText ? [[t('dataset.temporal'), file.seriesText] as [string, string]] : []),
    [t('dataset.spatial'), file.country ? file.country.title : t('files.regional')],
    [t('files.language'), file.language.title],
    [t('files.format'), file.format.toUpperCase()],
    [t('files.size'), t(file.size.unit, { size: file.size.figure })],
  ];
  return (
    <section className="dataset__section" aria-labelledby="dataset-about">
      <h2 id="dataset-about">{t('dataset.about')}</h2>
      <dl className="dataset__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {glaciers.length > 0 ? (
          <div className="dataset__facts-wide">
            <dt>{t('dataset.glaciers')}</dt>
            <dd>
              <ul className="dataset__glaciers">
                {glaciers.map((g) => (
                  <li key={g.slug}>
                    <AppLink to={glacierPagePath(g.slug)}>{keepNumberSign(g.name)}</AppLink>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
      {file.tags.length > 0 ? <TagList tags={file.tags} /> : null}
    </section>
  );
}

/**
 * `/resources/database/{slug}`: a file's landing page. A file with data (made from the WGMS series) has WGMS's terms,
 * a citation to copy (the file, then the data it is made from), the download button and its `Dataset` JSON-LD; a
 * sample says first that it is an example, offers a plain link to it and is no Dataset (ADR 0126).
 */
export function DatasetPage() {
  const { file, glaciers } = useLoaderData<typeof datasetLoader>();
  const { t, locale } = useI18n();
  const { origin } = useRuntimeConfig();
  const format = file.format.toUpperCase();
  const size = t(file.size.unit, { size: file.size.figure });
  const url = siteUrl(origin, locale, databaseFilePath(file.slug));
  const own = `${t('site.title')} (${file.published_at.slice(0, 4)}). ${file.title} [${format}]. ${url}`;
  return (
    <article className={file.sample ? 'container page dataset dataset--sample' : 'container page dataset'}>
      <Seo title={file.title} description={file.description} />
      <PageHeader
        title={keepNumberSign(file.title)}
        crumbs={[{ title: t('database.title'), to: DATABASE_PATH }, { title: file.title }]}
        lead={
          <p className="file__kicker">
            <span className="file__type">{file.type.title}</span>
            <span>{file.year}</span>
            {file.sample ? <span className="file__sample">{t('files.sample')}</span> : null}
          </p>
        }
      />
      {file.sample ? null : <JsonLd data={dataset(file, origin, locale, glaciers)} />}
      {file.sample ? (
        <p className="dataset__sample-notice" role="note">
          {t('dataset.sampleNotice')}
        </p>
      ) : null}
      {file.description ? <p className="dataset__description">{file.description}</p> : null}
      <div className="dataset__download">
        {file.sample ? (
          <a className="file__sample-download" href={file.file_url} download>
            {t('dataset.download.sample', { format, size })}
          </a>
        ) : (
          <a className="button file__download" href={file.file_url} download>
            {t('dataset.download.button', { format, size })}
          </a>
        )}
      </div>
      <FileFacts file={file} glaciers={glaciers} />
      <section className="dataset__section" aria-labelledby="dataset-terms">
        <h2 id="dataset-terms">{t('dataset.terms.title')}</h2>
        {file.sample ? (
          <p>{t('dataset.terms.sample')}</p>
        ) : (
          <>
            <p>{t('dataset.terms.data')}</p>
            <p>
              <ExternalLink href={WGMS_TERMS_URL}>{WGMS_TERMS_TEXT[locale]}</ExternalLink>
            </p>
          </>
        )}
      </section>
      <section className="dataset__section" aria-labelledby="dataset-cite">
        <h2 id="dataset-cite">{t('dataset.cite.title')}</h2>
        {file.sample ? (
          <p>{t('dataset.cite.sample')}</p>
        ) : (
          <>
            <p>{t('dataset.cite.lead')}</p>
            <CitationBlock
              parts={[
                { text: own },
                { text: `${t('dataset.cite.data')}:` },
                { text: WGMS_CITATION, lang: locale === 'en' ? undefined : 'en' },
              ]}
            />
          </>
        )}
      </section>
      <p className="dataset__back">
        <AppLink to={DATABASE_PATH}>{t('dataset.back')}</AppLink>
      </p>
    </article>
  );
}
