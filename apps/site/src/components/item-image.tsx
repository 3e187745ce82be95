// A shop item's picture, resolved per SPEC.md §7, with the placeholder of SPEC.md §8 when there is
// none or it fails to load.
import { useState } from 'react';
import { useApi } from '../app-providers.tsx';
import { ItemPlaceholderArt } from './icons.tsx';

export interface ItemImageProps {
  imageUrl: string | null;
  /** The item's name, read out for the picture or its placeholder. */
  name: string;
  className?: string;
}

export function ItemImage({ imageUrl, name, className }: ItemImageProps) {
  const api = useApi();
  const src = api.imageUrl(imageUrl);
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
  return (
    <div className={frame}>
      <img src={src} alt={name} loading="lazy" decoding="async" onError={() => setFailedSrc(src)} />
    </div>
  );
}
