// One news post in a list (the home page, /updates): its cover, title, date and summary, linking to
// /updates/{slug}.
import type { PublicUpdate } from '@starport/api-client/contract';
import { formatDate } from '@starport/ui/format';
import { Link } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';

export function UpdateCard({ update, featured = false }: { update: PublicUpdate; featured?: boolean }) {
  const api = useApi();
  const cover = api.imageUrl(update.coverImage);
  return (
    <article className={`card update-card${featured ? ' update-card-featured' : ''}`}>
      {cover ? <img className="update-card-cover" src={cover} alt="" loading="lazy" /> : null}
      <div className="update-card-body">
        <p className="update-meta">
          {update.pinned && featured ? <span className="badge badge-info">Pinned</span> : null}
          <time dateTime={update.publishedAt}>{formatDate(update.publishedAt)}</time>
        </p>
        <h3 className="update-card-title">
          <Link to={`/updates/${encodeURIComponent(update.slug)}`}>{update.title}</Link>
        </h3>
        {update.summary ? <p className="update-card-summary">{update.summary}</p> : null}
      </div>
    </article>
  );
}
