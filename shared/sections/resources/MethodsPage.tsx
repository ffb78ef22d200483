import { ContentImage } from '../../ui/ContentImage.tsx';
import type { methodsLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

export function MethodsPage() {
  const { methods } = useLoaderData<typeof methodsLoader>();
  const { t } = useI18n();
  const title = t('methods.title');
  return (
    <div className="container page methods">
      <Seo title={title} description={t('methods.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('methods.lead')} />
      {methods.length === 0 ? (
        <EmptyState>{t('methods.empty')}</EmptyState>
      ) : (
        <div className="methods__layout">
          <nav className="methods__toc" aria-labelledby="methods-toc">
            <h2 id="methods-toc" className="methods__toc-title">
              {t('methods.toc')}
            </h2>
            <ol>
              {methods.map((m) => (
                <li key={m.id}>
                  <a href={`#${m.slug}`}>{m.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="methods__list">
            {methods.map((m) => (
              <section key={m.id} id={m.slug} className="method" aria-labelledby={`${m.slug}-title`}>
                <h2 id={`${m.slug}-title`} className="method__title">
                  {m.title}
                </h2>
                <ContentImage image={m.image} className="method__image" />
                {m.excerpt ? <p className="method__excerpt">{m.excerpt}</p> : null}
                <RichText html={m.body} />
              </section>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
