import type { Image } from '../schemas/common.ts';
import { imageSource, imageSrcSet, imageUrl, snapWidth } from '../images.ts';

export interface ContentImageProps {
  /** the image as the content API gives it (`url` under /media/ or a file of public/, `alt`, intrinsic size); none: nothing */
  image: Image | null | undefined;
  /** the `sizes` attribute: how wide the image is laid out; default: the full viewport up to `maxWidth` */
  sizes?: string;
  /** the widest the image is ever shown, in CSS pixels (caps the srcset); default 1280 */
  maxWidth?: number;
  /** the page's LCP image: loaded eagerly with fetchpriority="high"; otherwise lazy */
  priority?: boolean;
  className?: string;
}

/**
 * A content image through the image endpoint (server/routes/images.ts): `srcset` of SPEC §9's widths at 1x/2x in
 * webp or avif, `sizes`, intrinsic width/height (no layout shift), lazy unless `priority`. Sources the endpoint does
 * not take (an external URL) are shown as they are.
 */
export function ContentImage({ image, sizes, maxWidth = 1280, priority = false, className }: ContentImageProps) {
  if (!image) return null;
  const source = imageSource(image.url);
  const common = {
    className,
    alt: image.alt,
    width: image.width,
    height: image.height,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    decoding: priority ? ('auto' as const) : ('async' as const),
    fetchPriority: priority ? ('high' as const) : undefined,
  };
  if (!source) return <img {...common} src={image.url} />;
  return (
    <img
      {...common}
      src={imageUrl(source, snapWidth(Math.min(maxWidth, 1024)), 'webp')}
      srcSet={imageSrcSet(source, maxWidth)}
      sizes={sizes ?? `(min-width: ${maxWidth}px) ${maxWidth}px, 100vw`}
    />
  );
}
