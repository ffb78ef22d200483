import type { toolsLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { Card } from '../../ui/Card.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';

/** A site path (router Link); anything else (https://, protocol-relative) is another site. */
const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function ToolsPage() {
  const { tools } = useLoaderData<typeof toolsLoader>();
  const { t } = useI18n();
  const title = t('tools.title');
  return (
    <div className="container page tools">
      <Seo title={title} description={t('tools.description')} />
      <PageHeader title={title} crumbs={[{ title }]} lead={t('tools.lead')} />
      {tools.length === 0 ? (
        <EmptyState>{t('tools.empty')}</EmptyState>
      ) : (
        <div className="cards">
          {tools.map((tool) => {
            const internal = isInternal(tool.url);
            return (
              // the id is the anchor search hits of external tools link to (/resources/tools#slug)
              <div key={tool.id} id={tool.slug} className="tools__item">
                <Card
                  // Card opens http(s) URLs in a new tab; a protocol-relative URL is made https for it
                  to={tool.url.startsWith('//') ? `https:${tool.url}` : tool.url}
                  title={tool.title}
                  image={tool.image}
                  headingLevel={2}
                  kicker={
                    <span className={internal ? 'tools__where' : 'tools__where tools__where--external'}>
                      {internal ? t('tools.internal') : t('tools.external')}
                    </span>
                  }
                  excerpt={tool.excerpt}
                />
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
