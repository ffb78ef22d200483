import { useEffect, useId, useRef, type MouseEvent, type RefObject, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../hooks/use-focus-trap.ts';
import { useScrollLock } from '../hooks/use-scroll-lock.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import type { Photo } from '../../schemas/multimedia.ts';

export interface LightboxProps {
  /** the gallery's title: the dialog's label */
  title: string;
  photos: Photo[];
  /** the photo shown */
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** the element focus returns to when the lightbox closes (the thumbnail that opened it) */
  returnFocus: RefObject<HTMLElement | null>;
}

/** Clicks on these stay inside the lightbox; a click anywhere else (the dark backdrop) closes it. */
const KEEPS_OPEN = 'button, a, img, figcaption, .lightbox__title, .lightbox__counter';
const SWIPE_PX = 50;

/** Keyboard: Escape closes, ArrowLeft and ArrowRight show the photo before or after (Tab: the focus trap's). */
function useLightboxKeys(current: number, count: number, onClose: () => void, onIndexChange: (index: number) => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'Escape' || event.key === 'Esc') {
        event.preventDefault();
        onClose();
      } else if ((event.key === 'ArrowLeft' || event.key === 'ArrowRight') && count > 1) {
        event.preventDefault();
        const step = event.key === 'ArrowLeft' ? -1 : 1;
        onIndexChange((current + step + count) % count);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [current, count, onClose, onIndexChange]);
}

/**
 * A swipe of one finger, at least SWIPE_PX across and more across than down: to the left `go(1)`, to the right
 * `go(-1)`; nothing when not `enabled` (a single photo).
 */
function useSwipe(go: (step: number) => void, enabled: boolean) {
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart: (event: TouchEvent<HTMLElement>) => {
      const touch = event.touches[0];
      touchStart.current = touch && event.touches.length === 1 ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent<HTMLElement>) => {
      const start = touchStart.current;
      const touch = event.changedTouches[0];
      touchStart.current = null;
      if (!start || !touch || !enabled) return;
      const dx = touch.clientX - start.x;
      const dy = touch.clientY - start.y;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) go(dx < 0 ? 1 : -1);
    },
  };
}

/**
 * A modal photo viewer, rendered into <body> only while open (so never in the server's document). Focus moves to the
 * close button and is trapped inside; Escape, the close button and a backdrop click close it; ArrowLeft/ArrowRight
 * and the prev/next buttons move through the photos (wrapping around); the page does not scroll while it is open.
 * On close, scroll styles are restored and focus goes back to `returnFocus`.
 */
export function Lightbox({ title, photos, index, onIndexChange, onClose, returnFocus }: LightboxProps) {
  const { t } = useI18n();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const captionId = useId();
  const count = photos.length;
  const current = Math.min(Math.max(index, 0), count - 1);
  const photo = photos[current];

  // open: lock page scroll, move focus in, keep it in; close: undo all of it and give focus back
  useScrollLock(true);
  useFocusTrap(dialogRef, true, { initialFocus: closeRef, returnFocus });

  useLightboxKeys(current, count, onClose, onIndexChange);

  // the neighbours are likely next: start loading them
  useEffect(() => {
    if (count < 2) return;
    for (const step of [1, -1]) {
      const next = photos[(current + step + count) % count];
      if (next) new Image().src = next.image.url;
    }
  }, [current, count, photos]);

  const go = (step: number) => onIndexChange((current + step + count) % count);
  const swipe = useSwipe(go, count > 1);
  if (!photo) return null;

  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target instanceof Element && event.target.closest(KEEPS_OPEN)) return;
    onClose();
  };

  return createPortal(
    <div
      ref={dialogRef}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={photo.caption ? captionId : undefined}
      tabIndex={-1}
      onClick={onBackdropClick}
    >
      <div className="lightbox__bar">
        <h2 id={titleId} className="lightbox__title">
          {title}
        </h2>
        <p className="lightbox__counter" aria-live="polite" aria-atomic="true">
          {t('media.lightbox.counter', { n: current + 1, total: count })}
        </p>
        <button
          ref={closeRef}
          type="button"
          className="lightbox__close"
          onClick={onClose}
          aria-label={t('media.lightbox.close')}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="lightbox__stage" onTouchStart={swipe.onTouchStart} onTouchEnd={swipe.onTouchEnd}>
        {count > 1 ? (
          <button
            type="button"
            className="lightbox__nav lightbox__nav--prev"
            onClick={() => go(-1)}
            aria-label={t('media.lightbox.prev')}
          >
            <span aria-hidden="true">‹</span>
          </button>
        ) : null}
        <figure className="lightbox__figure">
          <img
            key={`${current}:${photo.image.url}`}
            className="lightbox__image"
            src={photo.image.url}
            alt={photo.image.alt}
            width={photo.image.width}
            height={photo.image.height}
          />
          {photo.caption ? (
            <figcaption id={captionId} className="lightbox__caption">
              {photo.caption}
            </figcaption>
          ) : null}
        </figure>
        {count > 1 ? (
          <button
            type="button"
            className="lightbox__nav lightbox__nav--next"
            onClick={() => go(1)}
            aria-label={t('media.lightbox.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
