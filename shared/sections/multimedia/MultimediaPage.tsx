import { useI18n } from '../../i18n/use-i18n.ts';
import { SectionOverview } from '../../ui/SectionOverview.tsx';
import { PHOTO_GALLERY_PATH, PODCASTS_PATH, VIDEOS_PATH } from './cards.tsx';

/** `/multimedia`: the section's photo galleries, podcasts and video, one link each. */
export function MultimediaPage() {
  const { t } = useI18n();
  return (
    <SectionOverview
      title={t('multimedia.title')}
      intro={t('multimedia.intro')}
      entries={[
        { to: PHOTO_GALLERY_PATH, title: t('multimedia.photos.title'), text: t('multimedia.photos.description') },
        { to: PODCASTS_PATH, title: t('multimedia.podcasts.title'), text: t('multimedia.podcasts.description') },
        { to: VIDEOS_PATH, title: t('multimedia.video.title'), text: t('multimedia.video.description') },
      ]}
    />
  );
}
