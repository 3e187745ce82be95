// Admin panel (/admin/*, administrators only): loaded as its own chunk so players never download it.
import { usePageTitle } from '../components/use-page-title.ts';

export function AdminPage() {
  usePageTitle('Admin Panel');
  return (
    <div className="page container">
      <header className="page-header">
        <h1>Admin Panel</h1>
        <p>The admin screens arrive soon: tiers, shop items, categories, users and site settings.</p>
      </header>
    </div>
  );
}

// Lets the router's lazy() pick the page up by its conventional name.
export { AdminPage as Component };
