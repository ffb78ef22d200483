import type { Image } from '../../shared/schemas/common.ts';

export interface ContentImageProps {
  /** the content's image; nothing is rendered without one */
  image: Image | null | undefined;
  className: string;
  /** the page's main (LCP) image: loaded at once with high priority; every other image loads lazily */
  priority?: boolean;
}

/** An image of the content (upstream media) with its intrinsic size, so the layout never shifts. */
export function ContentImage({ image, className, priority = false }: ContentImageProps) {
  if (!image) return null;
  return (
    <img
      className={className}
      src={image.url}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
