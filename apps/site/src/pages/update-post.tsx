// One news post (/updates/:slug, issue 21): its cover, title, date and body, the body as the server
// rendered and sanitised it from Markdown (raw HTML off, only safe links).
import { ApiError } from '@starport/api-client/client';
import type { PublicUpdate } from '@starport/api-client/contract';
import { formatDate } from '@starport/ui/format';
import { Loading } from '@starport/ui/loading';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useApi } from '../app-providers.tsx';
import { usePageTitle } from '../components/use-page-title.ts';

export function UpdatePostPage() {
  const api = useApi();
  const { slug = '' } = useParams();
  const [post, setPost] = useState<PublicUpdate | null>(null);
  const [problem, setProblem] = useState<'missing' | 'failed' | null>(null);
  usePageTitle(post?.title ?? 'Updates');

  useEffect(() => {
    let live = true;
    setPost(null);
    setProblem(null);
    api.updates
      .get(slug)
      .then((answer) => live && setPost(answer.update))
      .catch((error) => live && setProblem(error instanceof ApiError && error.status === 404 ? 'missing' : 'failed'));
    return () => {
      live = false;
    };
  }, [api, slug]);

  const back = (
    <Link to="/updates" className="btn btn-ghost btn-sm">
      ← All updates
    </Link>
  );
  if (problem) {
    return (
      <div className="page container update-post">
        {back}
        <h1>{problem === 'missing' ? 'Update not found' : 'Something went wrong'}</h1>
        <p className="text-muted">
          {problem === 'missing'
            ? 'This update does not exist or is not published.'
            : 'The update could not be loaded. Please try again later.'}
        </p>
      </div>
    );
  }
  if (!post) return <Loading label="Loading update..." />;
  const cover = api.imageUrl(post.coverImage);
  return (
    <article className="page container update-post">
      {back}
      {cover ? <img className="update-post-cover" src={cover} alt="" /> : null}
      <header className="update-post-header">
        <p className="update-meta">
          <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
        </p>
        <h1>{post.title}</h1>
        {post.summary ? <p className="update-post-summary">{post.summary}</p> : null}
      </header>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (markdown-it, raw HTML off, safe links only) */}
      <div className="update-body" dangerouslySetInnerHTML={{ __html: post.html }} />
    </article>
  );
}
