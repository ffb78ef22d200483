import { useLoaderData } from 'react-router';
import type { LegalData } from '../../../shared/routes/sections/about.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RichText } from '../../components/RichText.tsx';
import { Seo } from '../../components/Seo.tsx';
import { useI18n } from '../../i18n.ts';

/** Privacy policy and terms: texts kept in the repository (shared/legal/), rendered without the upstream. */
export function LegalPage() {
  const { title, description, updatedAt, html } = useLoaderData() as LegalData;
  const { t, date } = useI18n();
  return (
    <article className="container page article legal">
      <Seo title={title} description={description} />
      <PageHeader
        title={title}
        crumbs={[{ title }]}
        lead={
          <p className="legal__updated">
            {t('legal.updated')}: <time dateTime={updatedAt}>{date(updatedAt)}</time>
          </p>
        }
      />
      <RichText html={html} className="legal__text" />
    </article>
  );
}
