// A shop item's picture, resolved per SPEC.md §7, with the placeholder of SPEC.md §8 when there is
// none or it fails to load. Where the answer names the picture's sized copies (`image`), the browser
// picks the narrowest that fills the frame (srcset with the layout's `sizes`), and the addresses carry
// the picture's hash, so they are cached for a year (server/README.md "Images"). In a list that
// shows its first picture first (FirstPictureFirst), the others are asked for once it is on screen.
import type { ApiClient } from '@starport/api-client/client';
import type { ItemImage as SizedImage } from '@starport/api-client/contract';
import { markImageLoaded } from '@starport/ui/loading';
import { createContext, type ReactNode, startTransition, useContext, useEffect, useMemo, useState } from 'react';
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
   * Where in its list the picture is (listImagePriority). In the first row it is fetched at once, not
   * lazily, and shown as soon as it is drawn; the others load as they come near the screen, faded in
   * over the frame's colour (its placeholder), the frame keeping its size (aspect-ratio) meanwhile.
   */
  priority?: ImagePriority;
}

/**
 * 'first': a list's first picture, on a phone the page's largest paint: fetched before anything else
 * of its kind (fetchpriority high). 'row': the rest of the first row on the widest layout, fetched at
 * once (eager), at the priority the browser gives a picture where it lies: high on a desktop's
 * screen, low on a phone, where it is below the first one. Giving the whole row fetchpriority high
 * cost the phone more than it gave: in Lighthouse's mobile run, A/B in turns (3 runs each, 600
 * entries), TBT 395 → 183 ms on /inventory and 272 → 85 ms on /shop with the first alone high.
 */
export type ImagePriority = 'first' | 'row';

/** The priority of the picture of a list's card `index`, where the widest layout shows `firstRow` cards a row. */
export function firstRowPriority(index: number, firstRow: number): ImagePriority | undefined {
  if (index === 0) return 'first';
  return index < firstRow ? 'row' : undefined;
}

export interface PictureQueue {
  /**
   * Whether the list's first picture is on screen (or failed, or has none, or has taken longer than
   * FIRST_PICTURE_WAIT_MS): the others may come, and the list may draw the rest of its cards.
   */
  open: boolean;
  opened: () => void;
}

/** How long a first picture that has not come holds the others back. */
export const FIRST_PICTURE_WAIT_MS = 3000;

const PictureQueueContext = createContext<PictureQueue | null>(null);

/** The queue of a FirstPictureFirst list, held by the page, whose drawing of the rest waits on it too. */
export function usePictureQueue(): PictureQueue {
  const [open, setOpen] = useState(false);
  // A transition: what opening it draws (the pictures' addresses, the list's next cards) comes in slices.
  const queue = useMemo<PictureQueue>(() => ({ open, opened: () => startTransition(() => setOpen(true)) }), [open]);
  useEffect(() => {
    if (queue.open) return;
    const timer = setTimeout(queue.opened, FIRST_PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [queue]);
  return queue;
}

/**
 * Around a list of cards: their first picture ('first') is fetched alone, and the others, even those
 * on screen, once it is shown. On a phone's thin connection the picture a player sees first (the
 * page's largest paint) has the line to itself instead of sharing it with the five or six the
 * browser would fetch beside it; on a fast one the others follow a frame later. The page draws the
 * rest of a long list once the queue opens (useGrowingCount), so opening it gives addresses to the
 * first cards' pictures only.
 */
export function FirstPictureFirst({ queue, children }: { queue: PictureQueue; children: ReactNode }) {
  return <PictureQueueContext.Provider value={queue}>{children}</PictureQueueContext.Provider>;
}

/** The picture's address and, when the server sized it, its srcset (each copy with its width). */
export function pictureSources(api: ApiClient, imageUrl: string | null, image: SizedImage | undefined) {
  const src = api.imageUrl(image?.url ?? imageUrl);
  const srcSet = image?.variants.map((variant) => `${api.imageUrl(variant.url)} ${variant.width}w`).join(', ');
  return { src, srcSet };
}

/** Calls `then` once the frame now being drawn is on screen. */
function afterPaint(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0));
}

export function ItemImage({ imageUrl, image, name, className, sizes, priority }: ItemImageProps) {
  const api = useApi();
  const { src, srcSet } = pictureSources(api, imageUrl, image);
  // Remembers which address failed, so an item given a new picture tries again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = className ? `item-image ${className}` : 'item-image';
  const queue = useContext(PictureQueueContext);
  const first = priority === 'first';
  const placeholder = !src || failedSrc === src;
  // A first picture that will never load (none, or it failed) holds nobody up.
  useEffect(() => {
    if (first && placeholder) queue?.opened();
  }, [first, placeholder, queue]);
  // Not asked for yet: transparent over the frame's colour, as a lazy picture is until it loads.
  const waiting = !first && queue !== null && !queue.open;
  const eager = first || priority === 'row';

  if (placeholder) {
    return (
      <div className={`${frame} item-image-placeholder`} role="img" aria-label={name}>
        <ItemPlaceholderArt />
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        // A new address is a new picture: it waits for its own load.
        key={src}
        className={eager && !waiting ? undefined : 'fade-in'}
        src={waiting ? undefined : src}
        srcSet={waiting ? undefined : srcSet}
        sizes={srcSet && !waiting ? sizes : undefined}
        // The picture's own size: its shape before it loads (the frame's aspect-ratio holds its place).
        width={image?.width}
        height={image?.height}
        alt={name}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding="async"
        onLoad={first ? () => queue && afterPaint(queue.opened) : eager ? undefined : markImageLoaded}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}
