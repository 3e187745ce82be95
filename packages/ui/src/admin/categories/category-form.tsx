// The category modal (SPEC.md §2/§3/§5), in create or edit mode: name and display name required,
// slug filled from the name, and an order that a new category may leave to the server (the count).

import type { CategoryInput, ShopCategory } from '@starport/api-client/contract';
import { categoryInputSchema } from '@starport/api-client/contract';
import { formSchema, requiredSlug, useContractForm } from '../shared/contract-form.ts';
import { FormCheckboxField, FormDialog, FormTextField } from '../shared/form-fields.tsx';
import { NameAndSlugFields } from '../shared/name-and-slug-fields.tsx';

export interface CategoryValues {
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

/** The request the form sends: an order left empty is left out. */
export function toCategoryInput(values: CategoryValues): CategoryInput {
  const order = values.order.trim() === '' ? undefined : Number(values.order);
  return {
    name: values.name,
    slug: values.slug.trim(),
    displayName: values.displayName,
    description: values.description.trim(),
    icon: values.icon.trim(),
    // Left out, a new category goes last: the server uses the current count (SPEC.md §9).
    ...(order === undefined ? {} : { order }),
    isActive: values.isActive,
  };
}

// SPEC.md §5 names both names in one rule ('Name and display name are required'): the contract
// gives each empty one that message.
export const categoryFormSchema = formSchema(
  toCategoryInput,
  categoryInputSchema.safeExtend({ slug: requiredSlug(categoryInputSchema.shape.slug.unwrap()) }),
);

export interface CategoryFormProps {
  category: ShopCategory | null;
  onSave: (input: CategoryInput) => Promise<boolean>;
  onClose: () => void;
}

export function CategoryForm({ category, onSave, onClose }: CategoryFormProps) {
  const { form, dialog } = useContractForm({
    defaultValues: initialValues(category),
    toInput: toCategoryInput,
    schema: categoryFormSchema,
    onSave,
  });

  return (
    <FormDialog
      {...dialog}
      title={category ? 'Edit Category' : 'Add Category'}
      onClose={onClose}
      submitLabel={category ? 'Update Category' : 'Add Category'}
    >
      <div className="form-grid">
        <NameAndSlugFields
          form={form}
          editing={category !== null}
          slugHint="Filled from the name; items refer to their category by it."
        />
        <FormTextField
          form={form}
          name="displayName"
          label="Display name"
          hint="What the shop's category tab says."
          required
          autoComplete="off"
        />
        <FormTextField form={form} name="icon" label="Icon" hint="An emoji, optional." autoComplete="off" />
        <FormTextField form={form} name="description" label="Description" autoComplete="off" />
        <FormTextField
          form={form}
          name="order"
          label="Order"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={category ? 'Lower numbers come first.' : 'Leave empty to add it at the end.'}
        />
      </div>
      <FormCheckboxField form={form} name="isActive" label="Active" />
    </FormDialog>
  );
}
