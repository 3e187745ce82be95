// The sale modal, in create or edit mode (issue 22): a name, the percent off, the start and end (in
// the admin's own time zone), and which categories and items it covers.

import type { Sale, SaleInput, ShopCategory, ShopItem } from '@starport/api-client/contract';
import { saleInputSchema } from '@starport/api-client/contract';
import { useWatch } from 'react-hook-form';
import { formSchema, useContractForm } from '../shared/contract-form.ts';
import { CheckboxField } from '../shared/fields.tsx';
import { FormDialog, FormTextField } from '../shared/form-fields.tsx';

export interface SaleValues {
  name: string;
  percentOff: string;
  /** As datetime-local fields hold them: the admin's own time zone, no seconds. */
  startsAt: string;
  endsAt: string;
  categoryIds: string[];
  itemIds: string[];
}

/** An ISO time as a datetime-local value in this browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

const asIso = (local: string): string => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

function initialValues(sale: Sale | null): SaleValues {
  if (!sale) {
    const now = Date.now();
    return {
      name: '',
      percentOff: '20',
      startsAt: toLocalInput(new Date(now).toISOString()),
      endsAt: toLocalInput(new Date(now + 7 * 24 * 60 * 60 * 1000).toISOString()),
      categoryIds: [],
      itemIds: [],
    };
  }
  return {
    name: sale.name,
    percentOff: String(sale.percentOff),
    startsAt: toLocalInput(sale.startsAt),
    endsAt: toLocalInput(sale.endsAt),
    categoryIds: sale.categoryIds,
    itemIds: sale.itemIds,
  };
}

export function toSaleInput(values: SaleValues): SaleInput {
  return {
    name: values.name,
    percentOff: Number.parseInt(values.percentOff, 10),
    startsAt: asIso(values.startsAt),
    endsAt: asIso(values.endsAt),
    categoryIds: values.categoryIds,
    itemIds: values.itemIds,
  };
}

export const saleFormSchema = formSchema(toSaleInput, saleInputSchema);

export interface SaleFormProps {
  sale: Sale | null;
  categories: ShopCategory[];
  items: ShopItem[];
  onSave: (input: SaleInput) => Promise<boolean>;
  onClose: () => void;
}

export function SaleForm({ sale, categories, items, onSave, onClose }: SaleFormProps) {
  const { form, dialog } = useContractForm({
    defaultValues: initialValues(sale),
    toInput: toSaleInput,
    schema: saleFormSchema,
    onSave,
  });
  const [categoryIds, itemIds] = useWatch({ control: form.control, name: ['categoryIds', 'itemIds'] });
  const toggle = (name: 'categoryIds' | 'itemIds', current: string[], id: string, on: boolean) => {
    form.setValue(name, on ? [...current, id] : current.filter((other) => other !== id));
    form.clearErrors(name);
  };
  const targetsError = form.formState.errors.categoryIds?.message ?? form.formState.errors.itemIds?.message;
  return (
    <FormDialog
      {...dialog}
      title={sale ? 'Edit Sale' : 'New Sale'}
      onClose={onClose}
      submitLabel={sale ? 'Save Sale' : 'Schedule Sale'}
    >
      <div className="form-grid">
        <FormTextField form={form} name="name" label="Name" required />
        <FormTextField form={form} name="percentOff" label="Percent off" type="number" min={1} max={100} step={1} />
        <FormTextField
          form={form}
          name="startsAt"
          label="Starts"
          type="datetime-local"
          hint="Your time zone. Now or earlier starts it at once."
        />
        <FormTextField form={form} name="endsAt" label="Ends" type="datetime-local" hint="Your time zone." />
      </div>
      <fieldset className="sale-targets">
        <legend className="field-label">Categories</legend>
        {categories.length === 0 ? <p className="field-hint">No categories yet.</p> : null}
        {categories.map((category) => (
          <CheckboxField
            key={category._id}
            label={category.displayName || category.name}
            checked={categoryIds.includes(category._id)}
            onCheckedChange={(on) => toggle('categoryIds', categoryIds, category._id, on)}
          />
        ))}
      </fieldset>
      <fieldset className="sale-targets">
        <legend className="field-label">Items</legend>
        <p className="field-hint">Items of a chosen category are covered already; pick others one by one.</p>
        {items.map((item) => (
          <CheckboxField
            key={item._id}
            label={item.name}
            checked={itemIds.includes(item._id)}
            onCheckedChange={(on) => toggle('itemIds', itemIds, item._id, on)}
          />
        ))}
      </fieldset>
      {targetsError ? <p className="field-error">{targetsError}</p> : null}
    </FormDialog>
  );
}
