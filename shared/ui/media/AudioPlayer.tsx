import { useI18n } from '../../i18n/use-i18n.ts';

/** The browser's own audio player: no download until the visitor presses play (`preload="none"`). */
export function AudioPlayer({ src, label }: { src: string; label: string }) {
  const { t } = useI18n();
  return (
    <audio className="audio-player" controls preload="none" src={src} aria-label={label}>
      {t('multimedia.podcasts.noAudioSupport')} <a href={src}>{t('multimedia.podcasts.download')}</a>
    </audio>
  );
}
