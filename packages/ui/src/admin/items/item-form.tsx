// The shop item modal of SPEC.md §2/§3/§5, in create or edit mode. The credits category shows the
// credit amount and hides game items; any other category does the opposite. Numbers that cannot be
// read count as 0 on save, and an empty tier-exclusive choice is sent as null.

import type { ShopItem, ShopItemInput } from '@starport/api-client/contract';
import {
  CREDITS_CATEGORY,
  MAX_DISCOUNT,
  newShopItemDefaults,
  rarities,
  shopItemInputSchema,
} from '@starport/api-client/contract';
import { useState } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { formatRarity } from '../../format/format.ts';
import { sortByOrder } from '../categories/category-order.ts';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { formSchema, requiredSlug, useContractForm } from '../shared/contract-form.ts';
import { numberOrZero } from '../shared/form-errors.ts';
import {
  FormCheckboxField,
  FormDialog,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
} from '../shared/form-fields.tsx';
import { LibraryImage } from '../shared/library-image.tsx';
import { NameAndSlugFields } from '../shared/name-and-slug-fields.tsx';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';
import { DroppedUploadList, useWindowImageDrop } from './dropped-uploads.tsx';
import { ImagePicker } from './image-picker.tsx';

export interface ItemValues {
  name: string;
  slug: string;
  description: string;
  imageUrl: string;
  category: string;
  rarity: string;
  discount: string;
  featured: boolean;
  priceCredits: string;
  priceUSD: string;
  creditAmount: string;
  gameItems: { item_name: string; item_quantity: string }[];
  tierExclusive: string;
  isActive: boolean;
  isTradeable: boolean;
  isGiftable: boolean;
}

export function initialItemValues(item: ShopItem | null): ItemValues {
  if (!item) {
    // SPEC.md §9: category ships, rarity common, prices 0, active, tradeable and giftable, not featured.
    const d = newShopItemDefaults;
    return {
      name: '',
      slug: '',
      description: '',
      imageUrl: '',
      category: d.category,
      rarity: d.rarity,
      discount: String(d.discount),
      featured: d.featured,
      priceCredits: String(d.priceCredits),
      priceUSD: String(d.priceUSD),
      creditAmount: String(d.creditAmount),
      gameItems: [],
      tierExclusive: '',
      isActive: d.isActive,
      isTradeable: d.isTradeable,
      isGiftable: d.isGiftable,
    };
  }
  return {
    name: item.name,
    slug: item.slug,
    description: item.description,
    imageUrl: item.imageUrl ?? '',
    category: item.category,
    rarity: item.rarity,
    discount: String(item.discount),
    featured: item.featured,
    priceCredits: String(item.priceCredits),
    priceUSD: String(item.priceUSD),
    creditAmount: String(item.creditAmount),
    gameItems: item.gameItems.map((gameItem) => ({
      item_name: gameItem.item_name,
      item_quantity: String(gameItem.item_quantity),
    })),
    tierExclusive: item.tierExclusive ?? '',
    isActive: item.isActive,
    isTradeable: item.isTradeable,
    isGiftable: item.isGiftable,
  };
}

/** The request the form sends (SPEC.md §5 "Item form"). */
export function toItemInput(values: ItemValues): ShopItemInput {
  const isCreditPack = values.category === CREDITS_CATEGORY;
  return {
    name: values.name,
    slug: values.slug.trim(),
    description: values.description,
    imageUrl: values.imageUrl || null,
    category: values.category,
    rarity: values.rarity as ShopItemInput['rarity'],
    discount: numberOrZero(values.discount),
    featured: values.featured,
    priceCredits: numberOrZero(values.priceCredits),
    priceUSD: numberOrZero(values.priceUSD),
    // What the form hides is not sent as something to keep: a credit pack has no game items, and
    // anything else grants no credits.
    creditAmount:
      isCreditPack && values.creditAmount.trim() !== ''
        ? numberOrZero(values.creditAmount)
        : isCreditPack
          ? undefined
          : 0,
    gameItems: isCreditPack
      ? []
      : values.gameItems.map((gameItem) => ({
          item_name: gameItem.item_name,
          item_quantity: numberOrZero(gameItem.item_quantity),
        })),
    tierExclusive: values.tierExclusive || null,
    isActive: values.isActive,
    isTradeable: values.isTradeable,
    isGiftable: values.isGiftable,
  };
}

export const itemFormSchema = formSchema(
  toItemInput,
  shopItemInputSchema.safeExtend({ slug: requiredSlug(shopItemInputSchema.shape.slug.unwrap()) }),
);

export interface ItemFormProps {
  item: ShopItem | null;
  onSave: (input: ShopItemInput) => Promise<boolean>;
  onClose: () => void;
}

export function ItemForm({ item, onSave, onClose }: ItemFormProps) {
  const api = useAdminApi();
  const { form, dialog } = useContractForm({
    defaultValues: initialItemValues(item),
    toInput: toItemInput,
    schema: itemFormSchema,
    onSave,
  });
  const gameItems = useFieldArray({ control: form.control, name: 'gameItems' });
  const [imageUrl, category] = useWatch({ control: form.control, name: ['imageUrl', 'category'] });
  // SPEC.md §8: the categories and tiers the form offers load silently.
  const categories = useAdminQuery(adminQueries(api).categories(), logFailure('Failed to load categories'));
  const tiers = useAdminQuery(adminQueries(api).tiers(), logFailure('Failed to load tiers'));
  const [picking, setPicking] = useState(false);
  const isCreditPack = category === CREDITS_CATEGORY;
  // The console's window-wide drop: a dropped image becomes this item's image (the picker takes
  // drops itself while it is open).
  const drop = useWindowImageDrop(!picking, setImage);

  function setImage(url: string) {
    form.setValue('imageUrl', url);
    form.clearErrors('imageUrl');
  }

  function removeGameItem(index: number) {
    gameItems.remove(index);
    // Row positions shift, so messages tied to them would point at the wrong row.
    form.clearErrors('gameItems');
  }

  // The item's own category stays selectable even if it has since left the category list.
  const categoryList = sortByOrder(categories.data ?? []);
  const categoryOptions = categoryList.some((candidate) => candidate.slug === category)
    ? categoryList
    : [...categoryList, { slug: category, displayName: category, _id: category }];
  const imageError = form.formState.errors.imageUrl?.message;

  return (
    <>
      <FormDialog
        {...dialog}
        title={item ? 'Edit Shop Item' : 'Create Shop Item'}
        onClose={onClose}
        submitLabel={item ? 'Update Item' : 'Create Item'}
      >
        <div className="form-grid">
          <NameAndSlugFields
            form={form}
            editing={item !== null}
            slugHint="Filled from the name; lowercase letters, numbers and hyphens."
          />
        </div>
        <FormTextAreaField form={form} name="description" label="Description" required rows={3} />

        <div className="image-field">
          <LibraryImage
            url={imageUrl || null}
            alt={imageUrl ? 'Chosen image' : 'No image chosen'}
            className="image-field-preview"
          />
          <div className="image-field-body">
            <span className="field-label">Image</span>
            <p className="field-hint">{imageUrl || 'No image: the shop shows a placeholder.'}</p>
            {imageError ? <p className="field-error">{imageError}</p> : null}
            {drop.enabled ? <p className="field-hint">Or drop image files anywhere on the window.</p> : null}
            <DroppedUploadList uploads={drop.uploads} />
            <div className="button-row">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setPicking(true)}>
                Choose image
              </button>
              {imageUrl ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setImage('')}>
                  Remove image
                </button>
              ) : null}
            </div>
          </div>
        </div>

        <div className="form-grid form-grid-3">
          <FormSelectField form={form} name="category" label="Category" required>
            {categoryOptions.map((option) => (
              <option key={option._id} value={option.slug}>
                {option.displayName}
              </option>
            ))}
          </FormSelectField>
          <FormSelectField form={form} name="rarity" label="Rarity">
            {rarities.map((rarity) => (
              <option key={rarity} value={rarity}>
                {formatRarity(rarity)}
              </option>
            ))}
          </FormSelectField>
          <FormSelectField form={form} name="tierExclusive" label="Tier exclusive">
            <option value="">None</option>
            {(tiers.data ?? []).map((tier) => (
              <option key={tier._id} value={tier._id}>
                {tier.name}
              </option>
            ))}
          </FormSelectField>
        </div>

        <div className="form-grid form-grid-3">
          <FormTextField
            form={form}
            name="priceCredits"
            label="Price in credits"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="0: not for credits."
          />
          <FormTextField
            form={form}
            name="priceUSD"
            label="Price in USD"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            hint="0: not for cash."
          />
          <FormTextField
            form={form}
            name="discount"
            label="Discount (%)"
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DISCOUNT}
            step={1}
            hint="0 to 100."
          />
        </div>

        {isCreditPack ? (
          <FormTextField
            form={form}
            name="creditAmount"
            label="Credit amount"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint="Credits the buyer receives."
            required
            fieldClassName="field-narrow"
          />
        ) : (
          <fieldset className="form-group">
            <legend>Game items</legend>
            {gameItems.fields.length === 0 ? (
              <p className="field-hint">No game items yet: add what the buyer receives in the game.</p>
            ) : null}
            <ul className="repeat-list">
              {gameItems.fields.map((row, index) => (
                <li key={row.id} className="repeat-row">
                  <FormTextField
                    form={form}
                    name={`gameItems.${index}.item_name`}
                    label={`Game item ${index + 1} name`}
                    fieldClassName="repeat-grow"
                  />
                  <FormTextField
                    form={form}
                    name={`gameItems.${index}.item_quantity`}
                    label="Quantity"
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    fieldClassName="repeat-quantity"
                  />
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm repeat-remove"
                    aria-label={`Remove game item ${index + 1}`}
                    onClick={() => removeGameItem(index)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => gameItems.append({ item_name: '', item_quantity: '1' }, { shouldFocus: false })}
            >
              + Add Game Item
            </button>
          </fieldset>
        )}

        <div className="check-row">
          <FormCheckboxField form={form} name="featured" label="Featured" />
          <FormCheckboxField form={form} name="isActive" label="Active" />
          <FormCheckboxField form={form} name="isTradeable" label="Tradeable" />
          <FormCheckboxField form={form} name="isGiftable" label="Giftable" />
        </div>
      </FormDialog>

      {/* Beside the form's dialog, not inside it, so each modal keeps its own keyboard handling. */}
      <ImagePicker
        open={picking}
        selectedUrl={imageUrl || null}
        onSelect={(url) => {
          setImage(url);
          setPicking(false);
        }}
        onDeleted={(url) => {
          // SPEC.md §4: deleting the chosen image clears the image field.
          if (form.getValues('imageUrl') === url) setImage('');
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
