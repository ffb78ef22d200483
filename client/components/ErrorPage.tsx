import { isRouteErrorResponse, Link } from 'react-router';
import { useI18n } from '../i18n.ts';
import { Seo } from './Seo.tsx';

/**
 * SPEC §2 error page: 404 → not-found title; 500–599 → server-error title; anything else → the status (or a
 * generic title) and the error's message (or the subtitle). Always a way back home.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { t } = useI18n();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === 'string' ? error.data : undefined;
  let title: string;
  let subtitle = t('error.subtitle');
  if (status === 404) title = t('error.notFound.title');
  else if (status >= 500 && status <= 599) title = t('error.server.title');
  else {
    title = status ? String(status) : t('error.generic.title');
    subtitle = message ?? subtitle;
  }
  return (
    <section className="error-page container" data-status={status}>
      <Seo title={title} />
      <p className="error-page__code" aria-hidden="true">
        {status}
      </p>
      <h1 className="error-page__title">{title}</h1>
      <p className="error-page__subtitle">{subtitle}</p>
      {status === 404 && message ? <p className="error-page__detail">{message}</p> : null}
      <Link to="/" className="button">
        {t('error.backHome')}
      </Link>
    </section>
  );
}
