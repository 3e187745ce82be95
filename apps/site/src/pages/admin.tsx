// Admin panel (/admin/*, administrators only): the shared admin screens of @starport/ui, given the
// site's API client. Loaded as its own chunk (with its stylesheet) so players never download it.
import '@starport/ui/admin.css';
import { AdminApp } from '@starport/ui/admin';
import { useApi } from '../app-providers.tsx';
import { useReloadSiteSettings } from '../site-settings.tsx';

export function AdminPage() {
  const api = useApi();
  // A saved change to the visible tabs shows in the navigation at once.
  const reloadSiteSettings = useReloadSiteSettings();
  return <AdminApp client={api} onSiteSettingsSaved={reloadSiteSettings} />;
}
