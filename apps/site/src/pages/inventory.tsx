// Inventory (/inventory, players only): owned items; until the inventory API exists, its empty state.
import { Link } from 'react-router-dom';
import { usePageTitle } from '../components/use-page-title.ts';

export function InventoryPage() {
  usePageTitle('Inventory');
  return (
    <div className="page container">
      <header className="page-header">
        <h1>Inventory</h1>
      </header>
      <div className="empty-state">
        <p>Your inventory is empty</p>
        <Link to="/shop" className="btn btn-primary">
          Visit the Shop
        </Link>
      </div>
    </div>
  );
}
