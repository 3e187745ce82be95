// A shop item's picture, resolved per SPEC.md §7, with the placeholder of SPEC.md §8 when there is
// none or it fails to load. Where the answer names the picture's sized copies (`image`), the browser
// picks the narrowest that fills the frame (srcset with the layout's `sizes`), and the addresses carry
// the picture's hash, so they are cached for a year (server/README.md "Images").
import type { ItemImage as SizedImage } from '@starport/api-client/contract';
import { markImageLoaded } from '@starport/ui/loading';
import { useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { ItemPlaceholderArt } from './icons.tsx';

export interface ItemImageProps {
  imageUrl: string | null;
  /** The same picture as sized copies at hashed addresses, when the server knows them. */
  image?: SizedImage;
  /** The item's name, read out for the picture or its placeholder. */
  name: string;
  className?: string;
  /** How wide the frame is at each screen width (the `sizes` of the layout it sits in). */
  sizes: string;
  /**
   * Visible without scrolling (the first row of the shop or the inventory): fetched at once and first,
   * not lazily, and shown as soon as it is drawn. The others load as they come near the screen, faded
   * in over the frame's colour (its placeholder), the frame keeping its size (aspect-ratio) meanwhile.
   */
  priority?: boolean;
}

export function ItemImage({ imageUrl, image, name, className, sizes, priority = false }: ItemImageProps) {
  const api = useApi();
  const src = api.imageUrl(image?.url ?? imageUrl);
  // Remembers which address failed, so an item given a new picture tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = className ? `item-image ${className}` : 'item-image';

  if (!src || failedSrc === src) {
    return (
      <div className={`${frame} item-image-placeholder`} role="img" aria-label={name}>
        <ItemPlaceholderArt />
      </div>
    );
  }
  const srcSet = image?.variants.map((variant) => `${api.imageUrl(variant.url)} ${variant.width}w`).join(', ');
  return (
    <div className={frame}>
      <img
        // A new address is a new picture: it waits for its own load.
        key={src}
        className={priority ? undefined : 'fade-in'}
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        // The picture's own size: its shape before it loads (the frame's aspect-ratio holds its place).
        width={image?.width}
        height={image?.height}
        alt={name}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        onLoad={priority ? undefined : markImageLoaded}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
