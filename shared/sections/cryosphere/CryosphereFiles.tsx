import { pluralKey } from '../../ui/media/plural.ts';
import type { CryosphereSubpageData } from './loaders.server.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { FileList } from '../../ui/files/FileList.tsx';
import { isPastEnd, Pagination } from '../../ui/Pagination.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

/** A subpage's data files (the database's file list), with their count and pages. */
export function CryosphereFiles({
  files,
  meta,
  headingId,
}: {
  files: CryosphereSubpageData['files'];
  meta: CryosphereSubpageData['filesMeta'];
  headingId: string;
}) {
  const { t, locale } = useI18n();
  return (
    <section className="cryo-files" id="files" aria-labelledby={headingId}>
      <div className="section__head">
        <h2 id={headingId}>{t('cryosphere.files')}</h2>
        {meta.total > 0 ? (
          <p className="page__count">
            {t(pluralKey('cryosphere.filesCount', locale, meta.total), { count: meta.totalText })}
          </p>
        ) : null}
      </div>
      {files.length === 0 ? (
        isPastEnd(meta) ? null : (
          <EmptyState>{t('cryosphere.filesEmpty')}</EmptyState>
        )
      ) : (
        <FileList files={files} headingLevel={3} />
      )}
      <Pagination meta={meta} />
    </section>
  );
}
