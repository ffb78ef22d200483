import { ContentImage } from '../../ui/ContentImage.tsx';
import type { cryosphereItemLoader } from './loaders.server.ts';
import { useLoaderData } from 'react-router';
import { AppLink } from '../../ui/fast-paths/AppLink.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RichText } from '../../ui/RichText.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { CardGrid } from '../../ui/CardGrid.tsx';
import { DetailPage } from '../../ui/DetailPage.tsx';

export function CryosphereItemPage() {
  const { subpage, item, related } = useLoaderData<typeof cryosphereItemLoader>();
  const { t } = useI18n();
  const subpagePath = `/${subpage.slug}`;
  return (
    <DetailPage kind="cryo-item">
      <Seo title={item.title} description={item.excerpt} />
      <PageHeader
        title={item.title}
        crumbs={[{ title: subpage.title, to: subpagePath }, { title: item.title }]}
        lead={item.excerpt ? <p className="cryo__lead">{item.excerpt}</p> : null}
      />
      <ContentImage image={item.image} className="article__image" priority />
      <RichText html={item.body} />
      <p className="cryo-item__back">
        <AppLink to={subpagePath}>← {t('cryosphere.backTo', { title: subpage.title })}</AppLink>
      </p>
      {related.length > 0 ? (
        <section className="related" aria-labelledby="cryo-related">
          <h2 id="cryo-related">{t('cryosphere.related')}</h2>
          <CardGrid>
            {related.map((r) => (
              <Card key={r.id} to={`${subpagePath}/${r.slug}`} title={r.title} image={r.image} excerpt={r.excerpt} />
            ))}
          </CardGrid>
        </section>
      ) : null}
    </DetailPage>
  );
}
