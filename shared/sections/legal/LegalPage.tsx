import type { privacyPolicyLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

/** Privacy policy and terms: texts kept in the repository (`*.server.ts` in this folder), rendered without the upstream. */
export function LegalPage() {
  const { title, description, updatedAt, updatedText, html } = useLoaderData<typeof privacyPolicyLoader>();
  const { t } = useI18n();
  return (
    <article className="container page article legal">
      <Seo title={title} description={description} />
      <PageHeader
        title={title}
        crumbs={[{ title }]}
        lead={
          <p className="legal__updated">
            {t('legal.updated')}: <time dateTime={updatedAt}>{updatedText}</time>
          </p>
        }
      />
      <RichText html={html} className="legal__text" />
    </article>
  );
}
