import './FileList.css';
import { useI18n } from '../../i18n/use-i18n.ts';
import { AppLink } from '../fast-paths/AppLink.tsx';
import { DetailFact } from '../DetailPage.tsx';
import { TagList } from '../TagList.tsx';
import { keepNumberSign } from '../number-sign.ts';
import type { ListedFile } from './file-size.server.ts';
import { databaseFilePath } from './paths.ts';

/**
 * Files of the database as a list. Each item carries `id="file-{slug}"`, and its title links to the file's landing
 * page (`/resources/database/{slug}`, where search hits lead too). A sample (`sample`) is marked
 * as an example and offers a plain link to the file, not the download button of a file with data.
 */
export function FileList({
  files,
  headingLevel = 2,
  label,
}: {
  /** the loader's files (`listedFile`) */
  files: ListedFile[];
  headingLevel?: 2 | 3;
  label?: string;
}) {
  return (
    <ul className="file-list" aria-label={label}>
      {files.map((file) => (
        <li key={file.id}>
          <FileItem file={file} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

export function FileItem({ file, headingLevel = 2 }: { file: ListedFile; headingLevel?: 2 | 3 }) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const format = file.format.toUpperCase();
  const size = t(file.size.unit, { size: file.size.figure });
  return (
    <article className={file.sample ? 'file file--sample' : 'file'} id={`file-${file.slug}`}>
      <div className={format.length > 4 ? 'file__badge file__badge--long' : 'file__badge'} aria-hidden="true">
        {format}
      </div>
      <div className="file__body">
        <p className="file__kicker">
          <span className="file__type">{file.type.title}</span>
          <span>{file.year}</span>
          {file.sample ? <span className="file__sample">{t('files.sample')}</span> : null}
        </p>
        <Heading className="file__title">
          <AppLink to={databaseFilePath(file.slug)}>{keepNumberSign(file.title)}</AppLink>
        </Heading>
        {file.description ? <p className="file__description">{file.description}</p> : null}
        {file.sample ? <p className="file__sample-note">{t('files.sampleNote')}</p> : null}
        <dl className="file__meta">
          <DetailFact label={t('files.country')}>{file.country ? file.country.title : t('files.regional')}</DetailFact>
          <DetailFact label={t('files.language')}>{file.language.title}</DetailFact>
          <DetailFact label={t('files.format')}>{format}</DetailFact>
          <DetailFact label={t('files.size')}>{size}</DetailFact>
        </dl>
        <TagList tags={file.tags} />
      </div>
      <div className="file__actions">
        {/* a file with data has the download button, a sample a plain link that says it is one */}
        <a
          className={file.sample ? 'file__sample-download' : 'button file__download'}
          href={file.file_url}
          download
          aria-label={t(file.sample ? 'files.sampleDownloadLabel' : 'files.downloadLabel', {
            title: file.title,
            format,
            size,
          })}
        >
          {t(file.sample ? 'files.sampleDownload' : 'files.download')}
        </a>
      </div>
    </article>
  );
}
