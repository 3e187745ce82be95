// The Loading state the site's guards (SPEC.md §2), lazy pages and the admin screens show while they wait.
export function Loading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      <span className="loading-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
