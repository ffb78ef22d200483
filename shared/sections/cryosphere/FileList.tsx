import type { PaginationMeta } from '../../schemas/common.ts';
import type { DatabaseFile } from '../../schemas/database-files.ts';
import { EmptyState } from '../../../client/components/EmptyState.tsx';
import { Pagination } from '../../../client/components/Pagination.tsx';
import { useI18n, type I18n } from '../../../client/i18n.ts';

function fileSize(bytes: number, { t, number }: I18n): string {
  const round = (value: number) => number(Math.round(value * 10) / 10);
  if (bytes < 1024) return t('cryosphere.bytes', { size: number(bytes) });
  if (bytes < 1024 * 1024) return t('cryosphere.kilobytes', { size: round(bytes / 1024) });
  return t('cryosphere.megabytes', { size: round(bytes / (1024 * 1024)) });
}

/** A subpage's data files: title, description, type, year, format and size, a download link; paginated. */
export function FileList({
  files,
  meta,
  headingId,
}: {
  files: DatabaseFile[];
  meta: PaginationMeta;
  headingId: string;
}) {
  const i18n = useI18n();
  const { t, number } = i18n;
  return (
    <section className="cryo-files" id="files" aria-labelledby={headingId}>
      <div className="section__head">
        <h2 id={headingId}>{t('cryosphere.files')}</h2>
        {meta.total > 0 ? (
          <p className="page__count">{t('cryosphere.filesCount', { count: number(meta.total) })}</p>
        ) : null}
      </div>
      {files.length === 0 ? (
        <EmptyState>{t('cryosphere.filesEmpty')}</EmptyState>
      ) : (
        <ul className="cryo-files__list">
          {files.map((file) => (
            <li key={file.id} className="cryo-file">
              <span className="cryo-file__format" aria-hidden="true">
                {file.format.toUpperCase()}
              </span>
              <div className="cryo-file__body">
                <h3 className="cryo-file__title">{file.title}</h3>
                {file.description ? <p className="cryo-file__description">{file.description}</p> : null}
                <dl className="cryo-file__meta">
                  <div>
                    <dt>{t('cryosphere.fileType')}</dt>
                    <dd>{file.type.title}</dd>
                  </div>
                  <div>
                    <dt>{t('cryosphere.fileYear')}</dt>
                    <dd>{file.year}</dd>
                  </div>
                  <div>
                    <dt>{t('cryosphere.fileFormat')}</dt>
                    <dd>{file.format.toUpperCase()}</dd>
                  </div>
                  <div>
                    <dt>{t('cryosphere.fileSize')}</dt>
                    <dd>{fileSize(file.size_bytes, i18n)}</dd>
                  </div>
                </dl>
              </div>
              {/* a plain link: downloads are not router pages (and carry no locale prefix) */}
              <a
                className="button cryo-file__download"
                href={file.file_url}
                download
                aria-label={t('cryosphere.downloadLabel', { title: file.title, format: file.format.toUpperCase() })}
              >
                {t('cryosphere.download')}
              </a>
            </li>
          ))}
        </ul>
      )}
      <Pagination meta={meta} />
    </section>
  );
}
