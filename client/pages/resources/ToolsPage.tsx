import { useLoaderData } from 'react-router';
import type { ToolsData } from '../../../shared/routes/sections/resources.ts';
import { Card } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Seo } from '../../components/Seo.tsx';
import { useI18n } from '../../i18n.ts';

/** A site path (router Link); anything else (https://, protocol-relative) is another site. */
const isInternal = (url: string) => url.startsWith('/') && !url.startsWith('//');

export function ToolsPage() {
  const { tools } = useLoaderData() as ToolsData;
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
