// The tier modal of SPEC.md §2/§3/§5, in create or edit mode: slug filled from the name, price as a
// decimal, icon of at most two characters, a benefits list, gradient and Discord role colours.

import type { Tier, TierInput } from '@starport/api-client/contract';
import {
  adminMessages,
  countCharacters,
  DEFAULT_DISCORD_ROLE_COLOR,
  DEFAULT_TIER_COLORS,
  DEFAULT_TIER_ICON,
  TIER_ICON_MAX_LENGTH,
  tierInputSchema,
} from '@starport/api-client/contract';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Dialog } from '../../dialog/dialog.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { CheckboxField, Field, SelectField, TextField } from '../shared/fields.tsx';
import type { FieldErrors } from '../shared/form-errors.ts';
import { focusFirstError, issuesToErrors } from '../shared/form-errors.ts';
import { useAutoSlug } from '../shared/slug.ts';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';

interface TierValues {
  name: string;
  slug: string;
  price: string;
  icon: string;
  benefits: string[];
  popular: boolean;
  displayOrder: string;
  isActive: boolean;
  colorFrom: string;
  colorTo: string;
  discordRole: string;
  discordRoleId: string;
  discordRoleColor: string;
}

function initialValues(tier: Tier | null): TierValues {
  if (!tier) {
    return {
      name: '',
      slug: '',
      price: '',
      icon: DEFAULT_TIER_ICON,
      benefits: [''],
      popular: false,
      displayOrder: '0',
      isActive: true,
      colorFrom: DEFAULT_TIER_COLORS.from,
      colorTo: DEFAULT_TIER_COLORS.to,
      discordRole: '',
      discordRoleId: '',
      discordRoleColor: DEFAULT_DISCORD_ROLE_COLOR,
    };
  }
  return {
    name: tier.name,
    slug: tier.slug,
    price: String(tier.price),
    icon: tier.icon,
    benefits: tier.benefits.length > 0 ? [...tier.benefits] : [''],
    popular: tier.popular,
    displayOrder: String(tier.displayOrder),
    isActive: tier.isActive,
    colorFrom: tier.colorGradient.from,
    colorTo: tier.colorGradient.to,
    discordRole: tier.discordRole,
    discordRoleId: tier.discordRoleId,
    discordRoleColor: tier.discordRoleColor || DEFAULT_DISCORD_ROLE_COLOR,
  };
}

/** The request to send, or the messages to show (SPEC.md §5 "Tier form"). */
export function buildTierInput(values: TierValues): { input: TierInput | null; errors: FieldErrors } {
  const order = Number.parseInt(values.displayOrder, 10);
  const input: TierInput = {
    name: values.name,
    slug: values.slug.trim(),
    // SPEC.md §5: the price is parsed as a decimal, the display order as an integer.
    price: Number.parseFloat(values.price),
    icon: values.icon.trim() || DEFAULT_TIER_ICON,
    benefits: values.benefits.map((benefit) => benefit.trim()).filter((benefit) => benefit !== ''),
    popular: values.popular,
    displayOrder: Number.isNaN(order) ? 0 : order,
    isActive: values.isActive,
    colorGradient: { from: values.colorFrom, to: values.colorTo },
    discordRole: values.discordRole,
    discordRoleId: values.discordRoleId.trim(),
    discordRoleColor: values.discordRoleColor,
  };
  const errors: FieldErrors = {};
  if (countCharacters(values.icon.trim()) > TIER_ICON_MAX_LENGTH) errors.icon = adminMessages.iconTooLong;
  const result = tierInputSchema.safeParse(input);
  if (!result.success) {
    for (const [key, message] of Object.entries(issuesToErrors(result.error.issues))) {
      // The gradient's two colours share one field group.
      const field = key.startsWith('colorGradient.') ? (key.endsWith('to') ? 'colorTo' : 'colorFrom') : key;
      errors[field] ??= message;
    }
  }
  if (input.slug === '') errors.slug = adminMessages.slugRequired;
  return { input: Object.keys(errors).length > 0 ? null : input, errors };
}

export interface TierFormProps {
  /** The tier being edited; null creates one. */
  tier: Tier | null;
  onSave: (input: TierInput) => Promise<boolean>;
  onClose: () => void;
}

export function TierForm({ tier, onSave, onClose }: TierFormProps) {
  const [values, setValues] = useState(() => initialValues(tier));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const slug = useAutoSlug(tier?.slug ?? '', tier !== null);
  const api = useAdminApi();
  // With a bot configured, the server's roles to pick from; without one (or if Discord is down) the
  // role id is typed by hand, so a failure here stays quiet.
  const guildRoles = useAdminQuery(adminQueries(api).discordRoles(), logFailure('Failed to load the Discord roles'));

  function set<K extends keyof TierValues>(field: K, value: TierValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  function setName(name: string) {
    const auto = slug.slugForName(name);
    setValues((current) => ({ ...current, name, ...(auto === null ? {} : { slug: auto }) }));
    setErrors(({ name: _name, slug: _slug, ...rest }) => rest);
  }

  function setBenefit(index: number, text: string) {
    set(
      'benefits',
      values.benefits.map((benefit, at) => (at === index ? text : benefit)),
    );
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { input, errors: found } = buildTierInput(values);
    setErrors(found);
    if (!input) {
      focusFirstError(formRef.current, found);
      return;
    }
    setBusy(true);
    const saved = await onSave(input);
    // On success the modal closes and unmounts; on failure it stays open with what was typed.
    if (!saved) setBusy(false);
  }

  return (
    <Dialog open title={tier ? 'Edit Tier' : 'Create Tier'} onClose={onClose} busy={busy} className="dialog-wide">
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
            hint="Filled from the name; lowercase letters, numbers and hyphens."
            required
            autoComplete="off"
          />
          <TextField
            label="Price (USD per month)"
            name="price"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={values.price}
            onValueChange={(value) => set('price', value)}
            error={errors.price}
            required
          />
          <TextField
            label="Icon"
            name="icon"
            value={values.icon}
            onValueChange={(value) => set('icon', value)}
            error={errors.icon}
            hint="An emoji, at most 2 characters."
          />
          <TextField
            label="Display order"
            name="displayOrder"
            type="number"
            inputMode="numeric"
            step={1}
            value={values.displayOrder}
            onValueChange={(value) => set('displayOrder', value)}
            error={errors.displayOrder}
            hint="Lower numbers come first."
          />
        </div>

        <fieldset className="form-group">
          <legend>Benefits</legend>
          <ul className="repeat-list">
            {values.benefits.map((benefit, index) => (
              // Rows have no identity but their place; removing one re-renders the rest, which is fine here.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={index} className="repeat-row">
                <Field label={`Benefit ${index + 1}`} className="repeat-grow">
                  {(control) => (
                    <input
                      {...control}
                      className="input"
                      name={`benefits.${index}`}
                      value={benefit}
                      onChange={(event) => setBenefit(index, event.target.value)}
                    />
                  )}
                </Field>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm repeat-remove"
                  aria-label={`Remove benefit ${index + 1}`}
                  onClick={() =>
                    set(
                      'benefits',
                      values.benefits.filter((_, at) => at !== index),
                    )
                  }
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-secondary btn-sm"
            onClick={() => set('benefits', [...values.benefits, ''])}
          >
            + Add Benefit
          </button>
          <p className="field-hint">Blank benefits are left out when the tier is saved.</p>
        </fieldset>

        <fieldset className="form-group">
          <legend>Look</legend>
          <div className="form-grid form-grid-3">
            <ColorField
              label="Gradient from"
              name="colorFrom"
              value={values.colorFrom}
              error={errors.colorFrom}
              onChange={(value) => set('colorFrom', value)}
            />
            <ColorField
              label="Gradient to"
              name="colorTo"
              value={values.colorTo}
              error={errors.colorTo}
              onChange={(value) => set('colorTo', value)}
            />
            <div
              className="tier-preview"
              aria-hidden="true"
              style={{ background: `linear-gradient(135deg, ${values.colorFrom}, ${values.colorTo})` }}
            >
              {values.icon || DEFAULT_TIER_ICON}
            </div>
          </div>
        </fieldset>

        <fieldset className="form-group">
          <legend>Discord role</legend>
          <div className="form-grid form-grid-3">
            <TextField
              label="Role name"
              name="discordRole"
              value={values.discordRole}
              onValueChange={(value) => set('discordRole', value)}
              error={errors.discordRole}
              required
              autoComplete="off"
            />
            {guildRoles.data && guildRoles.data.length > 0 ? (
              <SelectField
                label="Role"
                name="discordRoleId"
                value={values.discordRoleId}
                onValueChange={(value) => {
                  set('discordRoleId', value);
                  const role = guildRoles.data?.find((candidate) => candidate.id === value);
                  if (role && !values.discordRole.trim()) set('discordRole', role.name);
                }}
                error={errors.discordRoleId}
                hint="The server's roles, read by the bot"
              >
                <option value="">No role</option>
                {guildRoles.data.map((role) => (
                  <option key={role.id} value={role.id}>
                    {role.name}
                  </option>
                ))}
                {values.discordRoleId && !guildRoles.data.some((role) => role.id === values.discordRoleId) ? (
                  <option value={values.discordRoleId}>Unknown role {values.discordRoleId}</option>
                ) : null}
              </SelectField>
            ) : (
              <TextField
                label="Role ID"
                name="discordRoleId"
                value={values.discordRoleId}
                onValueChange={(value) => set('discordRoleId', value)}
                error={errors.discordRoleId}
                inputMode="numeric"
                autoComplete="off"
              />
            )}
            <ColorField
              label="Role colour"
              name="discordRoleColor"
              value={values.discordRoleColor}
              error={errors.discordRoleColor}
              onChange={(value) => set('discordRoleColor', value)}
            />
          </div>
        </fieldset>

        <div className="check-row">
          <CheckboxField
            label="Popular"
            name="popular"
            checked={values.popular}
            onCheckedChange={(value) => set('popular', value)}
          />
          <CheckboxField
            label="Active"
            name="isActive"
            checked={values.isActive}
            onCheckedChange={(value) => set('isActive', value)}
          />
        </div>

        <div className="dialog-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving...' : tier ? 'Update Tier' : 'Create Tier'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ColorField(props: {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const { label, name, value, error, onChange } = props;
  return (
    <Field label={label} error={error} hint={value}>
      {(control) => (
        <input
          {...control}
          type="color"
          className="color-input"
          name={name}
          value={normalizeColor(value)}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A colour input only takes #rrggbb; #abc is widened so the swatch shows the stored colour. */
function normalizeColor(value: string): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  if (short) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase();
  return /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : '#000000';
}
