// One news post in a list (the home page, /updates): its cover, title, date and summary, linking to
// /updates/{slug}.
import type { PublicUpdate } from '@starport/api-client/contract';
import { formatDate } from '@starport/ui/format';
import { markImageLoaded } from '@starport/ui/loading';
import { Link } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';

export interface UpdateCardProps {
  update: PublicUpdate;
  featured?: boolean;
  /** The first card of a list, visible without scrolling: its cover loads at once, not lazily. */
  priority?: boolean;
  /** The title's level under the list's own heading: 2 on /updates (right under its h1), 3 under the home page's h2. */
  headingLevel?: 2 | 3;
}

export function UpdateCard({ update, featured = false, priority = false, headingLevel = 3 }: UpdateCardProps) {
  const api = useApi();
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const cover = api.imageUrl(update.coverImage);
  return (
    <article className={`card update-card${featured ? ' update-card-featured' : ''}`}>
      {/* The frame keeps the cover's box (16:9) and its colour is the placeholder while a lazy cover loads. */}
      {cover ? (
        <div className="update-card-cover">
          {priority ? (
            <img src={cover} alt="" width={1280} height={720} fetchPriority="high" />
          ) : (
            <img
              key={cover}
              className="fade-in"
              src={cover}
              alt=""
              width={1280}
              height={720}
              loading="lazy"
              decoding="async"
              onLoad={markImageLoaded}
            />
          )}
        </div>
      ) : null}
      <div className="update-card-body">
        <p className="update-meta">
          {update.pinned && featured ? <span className="badge badge-info">Pinned</span> : null}
          <time dateTime={update.publishedAt}>{formatDate(update.publishedAt)}</time>
        </p>
        <Title className="update-card-title">
          <Link to={`/updates/${encodeURIComponent(update.slug)}`}>{update.title}</Link>
        </Title>
        {update.summary ? <p className="update-card-summary">{update.summary}</p> : null}
      </div>
    </article>
  );
}
