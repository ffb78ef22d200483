import { OFFLINE_LIST_ID } from '../../offline.ts';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

/**
 * The offline page: what the service worker shows, in the layout, for a page not kept on the device. The server
 * renders the list of kept pages empty; the worker replaces its children with links to the pages it keeps (it finds
 * the one element with `OFFLINE_LIST_ID` in the HTML). Never indexed.
 */
export function OfflinePage() {
  const { t } = useI18n();
  const title = t('offline.title');
  return (
    <div className="container page page--narrow offline">
      <Seo title={title} description={t('offline.text')} noindex />
      <PageHeader title={title} crumbs={[{ title }]} />
      <p className="offline__text">{t('offline.text')}</p>
      <p className="offline__text">{t('offline.retry')}</p>
      <h2 className="offline__heading">{t('offline.available')}</h2>
      <ul id={OFFLINE_LIST_ID} className="offline-pages">
        <li className="offline-pages__empty">{t('offline.empty')}</li>
      </ul>
      <p className="offline__home">
        <AppLink to="/" className="button">
          {t('error.backHome')}
        </AppLink>
      </p>
    </div>
  );
}
