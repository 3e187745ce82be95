// Any unknown address: say so plainly and offer the way home.
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="page container not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Page not found</h1>
      <p className="text-muted">This sector of space is uncharted. The page you are looking for does not exist.</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </div>
  );
}
