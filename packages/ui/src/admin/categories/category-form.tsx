// The category modal (SPEC.md §2/§3/§5), in create or edit mode: name and display name required,
// slug filled from the name, and an order that a new category may leave to the server (the count).

import type { CategoryInput, ShopCategory } from '@starport/api-client/contract';
import { adminMessages, categoryInputSchema } from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { CheckboxField, TextField } from '../shared/fields.tsx';
import type { FieldErrors } from '../shared/form-errors.ts';
import { focusFirstError, issuesToErrors } from '../shared/form-errors.ts';
import { useAutoSlug } from '../shared/slug.ts';

interface CategoryValues {
  name: string;
  slug: string;
  displayName: string;
  description: string;
  icon: string;
  order: string;
  isActive: boolean;
}

function initialValues(category: ShopCategory | null): CategoryValues {
  if (!category) {
    return { name: '', slug: '', displayName: '', description: '', icon: '', order: '', isActive: true };
  }
  return {
    name: category.name,
    slug: category.slug,
    displayName: category.displayName,
    description: category.description,
    icon: category.icon,
    order: String(category.order),
    isActive: category.isActive,
  };
}

export function buildCategoryInput(values: CategoryValues): { input: CategoryInput | null; errors: FieldErrors } {
  const order = values.order.trim() === '' ? undefined : Number(values.order);
  const input: CategoryInput = {
    name: values.name,
    slug: values.slug.trim(),
    displayName: values.displayName,
    description: values.description.trim(),
    icon: values.icon.trim(),
    // Left out, a new category goes last: the server uses the current count (SPEC.md §9).
    ...(order === undefined ? {} : { order }),
    isActive: values.isActive,
  };
  const result = categoryInputSchema.safeParse(input);
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  // SPEC.md §5 names both fields in one rule; each empty one says so.
  if (!values.name.trim()) errors.name = adminMessages.categoryNamesRequired;
  if (!values.displayName.trim()) errors.displayName = adminMessages.categoryNamesRequired;
  if (input.slug === '') errors.slug = adminMessages.slugRequired;
  return { input: Object.keys(errors).length > 0 ? null : input, errors };
}

export interface CategoryFormProps {
  category: ShopCategory | null;
  onSave: (input: CategoryInput) => Promise<boolean>;
  onClose: () => void;
}

export function CategoryForm({ category, onSave, onClose }: CategoryFormProps) {
  const [values, setValues] = useState(() => initialValues(category));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const slug = useAutoSlug(category?.slug ?? '', category !== null);

  function set<K extends keyof CategoryValues>(field: K, value: CategoryValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function setName(name: string) {
    const auto = slug.slugForName(name);
    setValues((current) => ({ ...current, name, ...(auto === null ? {} : { slug: auto }) }));
    setErrors(({ name: _name, slug: _slug, ...rest }) => rest);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { input, errors: found } = buildCategoryInput(values);
    setErrors(found);
    if (!input) {
      focusFirstError(formRef.current, found);
      return;
    }
    setBusy(true);
    if (!(await onSave(input))) setBusy(false);
  }

  return (
    <Dialog
      open
      title={category ? 'Edit Category' : 'Add Category'}
      onClose={onClose}
      busy={busy}
      className="dialog-wide"
    >
      <form ref={formRef} className="admin-form" onSubmit={handleSubmit} noValidate>
        <div className="form-grid">
          <TextField
            label="Name"
            name="name"
            value={values.name}
            onValueChange={setName}
            error={errors.name}
            required
            autoComplete="off"
          />
          <TextField
            label="Slug"
            name="slug"
            value={values.slug}
            onValueChange={(value) => {
              slug.onSlugTyped(value);
              set('slug', value);
            }}
            error={errors.slug}
            hint="Filled from the name; items refer to their category by it."
            required
            autoComplete="off"
          />
          <TextField
            label="Display name"
            name="displayName"
            value={values.displayName}
            onValueChange={(value) => set('displayName', value)}
            error={errors.displayName}
            hint="What the shop's category tab says."
            required
            autoComplete="off"
          />
          <TextField
            label="Icon"
            name="icon"
            value={values.icon}
            onValueChange={(value) => set('icon', value)}
            error={errors.icon}
            hint="An emoji, optional."
            autoComplete="off"
          />
          <TextField
            label="Description"
            name="description"
            value={values.description}
            onValueChange={(value) => set('description', value)}
            error={errors.description}
            autoComplete="off"
          />
          <TextField
            label="Order"
            name="order"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.order}
            onValueChange={(value) => set('order', value)}
            error={errors.order}
            hint={category ? 'Lower numbers come first.' : 'Leave empty to add it at the end.'}
          />
        </div>
        <CheckboxField
          label="Active"
          name="isActive"
          checked={values.isActive}
          onCheckedChange={(value) => set('isActive', value)}
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : category ? 'Update Category' : 'Add Category'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
