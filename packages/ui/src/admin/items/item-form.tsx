// The shop item modal of SPEC.md §2/§3/§5, in create or edit mode. The credits category shows the
// credit amount and hides game items; any other category does the opposite. Numbers that cannot be
// read count as 0 on save, and an empty tier-exclusive choice is sent as null.

import type { ShopItem, ShopItemInput } from '@starport/api-client/contract';
import {
  adminMessages,
  CREDITS_CATEGORY,
  MAX_DISCOUNT,
  newShopItemDefaults,
  rarities,
  shopItemInputSchema,
} from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { formatRarity } from '../../format/format.ts';
import { sortByOrder } from '../categories/category-order.ts';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { CheckboxField, Field, SelectField, TextAreaField, TextField } from '../shared/fields.tsx';
import type { FieldErrors } from '../shared/form-errors.ts';
import { focusFirstError, issuesToErrors, numberOrZero } from '../shared/form-errors.ts';
import { LibraryImage } from '../shared/library-image.tsx';
import { useAutoSlug } from '../shared/slug.ts';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';
import { DroppedUploadList, useWindowImageDrop } from './dropped-uploads.tsx';
import { ImagePicker } from './image-picker.tsx';

interface GameItemValues {
  /** A stable key for the row while names are typed. */
  key: number;
  item_name: string;
  item_quantity: string;
}

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
  gameItems: GameItemValues[];
  tierExclusive: string;
  isActive: boolean;
  isTradeable: boolean;
  isGiftable: boolean;
}

let nextRowKey = 1;

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
      key: nextRowKey++,
      item_name: gameItem.item_name,
      item_quantity: String(gameItem.item_quantity),
    })),
    tierExclusive: item.tierExclusive ?? '',
    isActive: item.isActive,
    isTradeable: item.isTradeable,
    isGiftable: item.isGiftable,
  };
}

/** The request to send, or the messages to show (SPEC.md §5 "Item form"). */
export function buildItemInput(values: ItemValues): { input: ShopItemInput | null; errors: FieldErrors } {
  const isCreditPack = values.category === CREDITS_CATEGORY;
  const input: ShopItemInput = {
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
  const result = shopItemInputSchema.safeParse(input);
  const errors = result.success ? {} : issuesToErrors(result.error.issues);
  if (input.slug === '') errors.slug = adminMessages.slugRequired;
  return { input: Object.keys(errors).length > 0 ? null : input, errors };
}

export interface ItemFormProps {
  item: ShopItem | null;
  onSave: (input: ShopItemInput) => Promise<boolean>;
  onClose: () => void;
}

export function ItemForm({ item, onSave, onClose }: ItemFormProps) {
  const api = useAdminApi();
  // SPEC.md §8: the categories and tiers the form offers load silently.
  const categories = useAdminQuery(adminQueries(api).categories(), logFailure('Failed to load categories'));
  const tiers = useAdminQuery(adminQueries(api).tiers(), logFailure('Failed to load tiers'));
  const [values, setValues] = useState(() => initialItemValues(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const slug = useAutoSlug(item?.slug ?? '', item !== null);
  const isCreditPack = values.category === CREDITS_CATEGORY;
  // The console's window-wide drop: a dropped image becomes this item's image (the picker takes
  // drops itself while it is open).
  const drop = useWindowImageDrop(!picking, (url) => set('imageUrl', url));

  function set<K extends keyof ItemValues>(field: K, value: ItemValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function setName(name: string) {
    const auto = slug.slugForName(name);
    setValues((current) => ({ ...current, name, ...(auto === null ? {} : { slug: auto }) }));
    setErrors(({ name: _name, slug: _slug, ...rest }) => rest);
  }

  function setGameItem(key: number, field: 'item_name' | 'item_quantity', value: string) {
    setValues((current) => ({
      ...current,
      gameItems: current.gameItems.map((row) => (row.key === key ? { ...row, [field]: value } : row)),
    }));
    const index = values.gameItems.findIndex((row) => row.key === key);
    setErrors(({ [`gameItems.${index}.${field}`]: _cleared, ...rest }) => rest);
  }

  function removeGameItem(key: number) {
    setValues((current) => ({ ...current, gameItems: current.gameItems.filter((row) => row.key !== key) }));
    // Row positions shift, so messages tied to them would point at the wrong row.
    setErrors(({ ...rest }) =>
      Object.fromEntries(Object.entries(rest).filter(([name]) => !name.startsWith('gameItems.'))),
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { input, errors: found } = buildItemInput(values);
    setErrors(found);
    if (!input) {
      focusFirstError(formRef.current, found);
      return;
    }
    setBusy(true);
    if (!(await onSave(input))) setBusy(false);
  }

  // The item's own category stays selectable even if it has since left the category list.
  const categoryList = sortByOrder(categories.data ?? []);
  const categoryOptions = categoryList.some((category) => category.slug === values.category)
    ? categoryList
    : [...categoryList, { slug: values.category, displayName: values.category, _id: values.category }];
  const errorAt = (name: string) => errors[name];

  return (
    <>
      <Dialog
        open
        title={item ? 'Edit Shop Item' : 'Create Shop Item'}
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
              error={errorAt('name')}
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
              error={errorAt('slug')}
              hint="Filled from the name; lowercase letters, numbers and hyphens."
              required
              autoComplete="off"
            />
          </div>
          <TextAreaField
            label="Description"
            name="description"
            value={values.description}
            onValueChange={(value) => set('description', value)}
            error={errorAt('description')}
            required
            rows={3}
          />

          <div className="image-field">
            <LibraryImage
              url={values.imageUrl || null}
              alt={values.imageUrl ? 'Chosen image' : 'No image chosen'}
              className="image-field-preview"
            />
            <div className="image-field-body">
              <span className="field-label">Image</span>
              <p className="field-hint">{values.imageUrl || 'No image: the shop shows a placeholder.'}</p>
              {errorAt('imageUrl') ? <p className="field-error">{errorAt('imageUrl')}</p> : null}
              {drop.enabled ? <p className="field-hint">Or drop image files anywhere on the window.</p> : null}
              <DroppedUploadList uploads={drop.uploads} />
              <div className="button-row">
                <button type="button" className="btn btn-secondary btn-sm" onClick={() => setPicking(true)}>
                  Choose image
                </button>
                {values.imageUrl ? (
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => set('imageUrl', '')}>
                    Remove image
                  </button>
                ) : null}
              </div>
            </div>
          </div>

          <div className="form-grid form-grid-3">
            <SelectField
              label="Category"
              name="category"
              value={values.category}
              onValueChange={(value) => set('category', value)}
              error={errorAt('category')}
              required
            >
              {categoryOptions.map((category) => (
                <option key={category._id} value={category.slug}>
                  {category.displayName}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Rarity"
              name="rarity"
              value={values.rarity}
              onValueChange={(value) => set('rarity', value)}
              error={errorAt('rarity')}
            >
              {rarities.map((rarity) => (
                <option key={rarity} value={rarity}>
                  {formatRarity(rarity)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Tier exclusive"
              name="tierExclusive"
              value={values.tierExclusive}
              onValueChange={(value) => set('tierExclusive', value)}
              error={errorAt('tierExclusive')}
            >
              <option value="">None</option>
              {(tiers.data ?? []).map((tier) => (
                <option key={tier._id} value={tier._id}>
                  {tier.name}
                </option>
              ))}
            </SelectField>
          </div>

          <div className="form-grid form-grid-3">
            <TextField
              label="Price in credits"
              name="priceCredits"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.priceCredits}
              onValueChange={(value) => set('priceCredits', value)}
              error={errorAt('priceCredits')}
              hint="0: not for credits."
            />
            <TextField
              label="Price in USD"
              name="priceUSD"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={values.priceUSD}
              onValueChange={(value) => set('priceUSD', value)}
              error={errorAt('priceUSD')}
              hint="0: not for cash."
            />
            <TextField
              label="Discount (%)"
              name="discount"
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_DISCOUNT}
              step={1}
              value={values.discount}
              onValueChange={(value) => set('discount', value)}
              error={errorAt('discount')}
              hint="0 to 100."
            />
          </div>

          {isCreditPack ? (
            <TextField
              label="Credit amount"
              name="creditAmount"
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={values.creditAmount}
              onValueChange={(value) => set('creditAmount', value)}
              error={errorAt('creditAmount')}
              hint="Credits the buyer receives."
              required
              fieldClassName="field-narrow"
            />
          ) : (
            <fieldset className="form-group">
              <legend>Game items</legend>
              {values.gameItems.length === 0 ? (
                <p className="field-hint">No game items yet: add what the buyer receives in the game.</p>
              ) : null}
              <ul className="repeat-list">
                {values.gameItems.map((row, index) => (
                  <li key={row.key} className="repeat-row">
                    <Field
                      label={`Game item ${index + 1} name`}
                      error={errorAt(`gameItems.${index}.item_name`)}
                      className="repeat-grow"
                    >
                      {(control) => (
                        <input
                          {...control}
                          className="input"
                          name={`gameItems.${index}.item_name`}
                          value={row.item_name}
                          onChange={(event) => setGameItem(row.key, 'item_name', event.target.value)}
                        />
                      )}
                    </Field>
                    <Field
                      label="Quantity"
                      error={errorAt(`gameItems.${index}.item_quantity`)}
                      className="repeat-quantity"
                    >
                      {(control) => (
                        <input
                          {...control}
                          className="input"
                          type="number"
                          inputMode="numeric"
                          min={1}
                          step={1}
                          name={`gameItems.${index}.item_quantity`}
                          value={row.item_quantity}
                          onChange={(event) => setGameItem(row.key, 'item_quantity', event.target.value)}
                        />
                      )}
                    </Field>
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm repeat-remove"
                      aria-label={`Remove game item ${index + 1}`}
                      onClick={() => removeGameItem(row.key)}
                    >
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() =>
                  set('gameItems', [...values.gameItems, { key: nextRowKey++, item_name: '', item_quantity: '1' }])
                }
              >
                + Add Game Item
              </button>
            </fieldset>
          )}

          <div className="check-row">
            <CheckboxField
              label="Featured"
              name="featured"
              checked={values.featured}
              onCheckedChange={(value) => set('featured', value)}
            />
            <CheckboxField
              label="Active"
              name="isActive"
              checked={values.isActive}
              onCheckedChange={(value) => set('isActive', value)}
            />
            <CheckboxField
              label="Tradeable"
              name="isTradeable"
              checked={values.isTradeable}
              onCheckedChange={(value) => set('isTradeable', value)}
            />
            <CheckboxField
              label="Giftable"
              name="isGiftable"
              checked={values.isGiftable}
              onCheckedChange={(value) => set('isGiftable', value)}
            />
          </div>

          <div className="dialog-actions">
            <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? 'Saving...' : item ? 'Update Item' : 'Create Item'}
            </button>
          </div>
        </form>
      </Dialog>

      {/* Beside the form's dialog, not inside it, so each modal keeps its own keyboard handling. */}
      <ImagePicker
        open={picking}
        selectedUrl={values.imageUrl || null}
        onSelect={(url) => {
          set('imageUrl', url);
          setPicking(false);
        }}
        onDeleted={(url) => {
          // SPEC.md §4: deleting the chosen image clears the image field.
          setValues((current) => (current.imageUrl === url ? { ...current, imageUrl: '' } : current));
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
