import { useCallback, useRef, useState, type MouseEvent } from 'react';
import { useI18n } from '../../i18n/use-i18n.ts';
import type { Photo } from '../../schemas/multimedia.ts';
import { Lightbox } from './Lightbox.tsx';
import { isPlainLeftClick } from '../plain-click.ts';

/** How many thumbnails load at once; the rest wait until they are scrolled near. */
const EAGER = 6;

/**
 * Thumbnails with captions. Each thumbnail is a link to the full image, so without JavaScript nothing is lost; with
 * JavaScript a plain click (or Enter) opens the lightbox instead, and focus returns to that thumbnail on close.
 * Clicks with a modifier key or another button keep the link's own behaviour (open the image in a new tab).
 */
export function PhotoGrid({ title, photos }: { title: string; photos: Photo[] }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const onThumbnailClick = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    opener.current = event.currentTarget;
    setOpen(index);
  };
  const total = photos.length;

  return (
    <>
      <ul className="photo-grid">
        {photos.map((photo, i) => (
          <li key={`${i}:${photo.image.url}`} className="photo-grid__item">
            <figure className="photo-grid__figure">
              <a className="photo-grid__link" href={photo.image.url} onClick={onThumbnailClick(i)} data-index={i}>
                <img
                  className="photo-grid__image"
                  src={photo.image.url}
                  alt={photo.image.alt}
                  width={photo.image.width}
                  height={photo.image.height}
                  loading={i < EAGER ? 'eager' : 'lazy'}
                />
                <span className="visually-hidden">{` — ${t('media.lightbox.open', { n: i + 1, total })}`}</span>
              </a>
              {photo.caption ? <figcaption className="photo-grid__caption">{photo.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
      {open !== null ? (
        <Lightbox
          title={title}
          photos={photos}
          index={open}
          onIndexChange={setOpen}
          onClose={close}
          returnFocus={opener}
        />
      ) : null}
    </>
  );
}
