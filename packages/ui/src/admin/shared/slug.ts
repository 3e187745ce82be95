// The slug field of the tier, item and category forms: filled from the name with slugify (SPEC.md §3)
// until the admin types a slug of their own; emptying it hands it back to the name.
import { slugify } from '@starport/api-client/contract';
import { useState } from 'react';

export function useAutoSlug(initialSlug: string, editing: boolean) {
  // An existing record keeps its slug (links to it stay valid) unless the admin changes it by hand.
  const [slugTouched, setSlugTouched] = useState(editing && initialSlug !== '');

  return {
    /** The slug to store when the name changes, or null to leave the slug alone. */
    slugForName(name: string): string | null {
      return slugTouched ? null : slugify(name);
    },
    onSlugTyped(slug: string) {
      setSlugTouched(slug !== '');
    },
  };
}
