// A picture from the image library (SPEC.md §7: /images paths live on the API's host), with a plain
// placeholder when there is none or it fails to load (SPEC.md §8).
import { useState } from 'react';
import { markImageLoaded } from '../../loading/loading.tsx';
import { useAdminApi } from './admin-context.tsx';

export function LibraryImage({ url, alt, className }: { url: string | null; alt: string; className?: string }) {
  const api = useAdminApi();
  const src = api.imageUrl(url);
  // Remembers which address failed, so a new picture is tried again.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const frame = className ? `library-image ${className}` : 'library-image';
  if (!src || failedSrc === src) {
    return (
      <div className={`${frame} library-image-empty`} role="img" aria-label={alt}>
        <span aria-hidden="true">No image</span>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        key={src}
        className="fade-in"
        src={src}
        alt={alt}
        loading="lazy"
        decoding="async"
        onLoad={markImageLoaded}
        onError={() => setFailedSrc(src)}
      />
    </div>
  );
}

/** The file name at the end of a library URL, to name a picture to screen readers and in confirmations. */
export function imageName(url: string): string {
  return decodeURIComponent(url.split('/').pop() ?? url);
}
