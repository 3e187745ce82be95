// The tier modal of SPEC.md §2/§3/§5, in create or edit mode: slug filled from the name, price as a
// decimal, icon of at most two characters, a benefits list, gradient and Discord role colours.

import type { Tier, TierInput } from '@starport/api-client/contract';
import {
  DEFAULT_DISCORD_ROLE_COLOR,
  DEFAULT_TIER_COLORS,
  DEFAULT_TIER_ICON,
  tierInputSchema,
} from '@starport/api-client/contract';
import { useFieldArray, useWatch } from 'react-hook-form';
import { EmojiIcon } from '../../emoji/emoji-icon.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { formSchema, requiredSlug, useContractForm } from '../shared/contract-form.ts';
import { Field } from '../shared/fields.tsx';
import type { BoundField } from '../shared/form-fields.tsx';
import { FormCheckboxField, FormDialog, FormSelectField, FormTextField, useFormField } from '../shared/form-fields.tsx';
import { NameAndSlugFields } from '../shared/name-and-slug-fields.tsx';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';

export interface TierValues {
  name: string;
  slug: string;
  price: string;
  icon: string;
  /** Objects, so each row keeps its identity while others are removed. */
  benefits: { text: string }[];
  popular: boolean;
  displayOrder: string;
  isActive: boolean;
  colorGradient: { from: string; to: string };
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
      benefits: [{ text: '' }],
      popular: false,
      displayOrder: '0',
      isActive: true,
      colorGradient: { ...DEFAULT_TIER_COLORS },
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
    benefits: tier.benefits.length > 0 ? tier.benefits.map((text) => ({ text })) : [{ text: '' }],
    popular: tier.popular,
    displayOrder: String(tier.displayOrder),
    isActive: tier.isActive,
    colorGradient: { ...tier.colorGradient },
    discordRole: tier.discordRole,
    discordRoleId: tier.discordRoleId,
    discordRoleColor: tier.discordRoleColor || DEFAULT_DISCORD_ROLE_COLOR,
  };
}

/** The request the form sends (SPEC.md §5 "Tier form"). */
export function toTierInput(values: TierValues): TierInput {
  const order = Number.parseInt(values.displayOrder, 10);
  return {
    name: values.name,
    slug: values.slug.trim(),
    // SPEC.md §5: the price is parsed as a decimal, the display order as an integer.
    price: Number.parseFloat(values.price),
    icon: values.icon.trim() || DEFAULT_TIER_ICON,
    benefits: values.benefits.map((benefit) => benefit.text.trim()).filter((benefit) => benefit !== ''),
    popular: values.popular,
    displayOrder: Number.isNaN(order) ? 0 : order,
    isActive: values.isActive,
    colorGradient: { from: values.colorGradient.from, to: values.colorGradient.to },
    discordRole: values.discordRole,
    discordRoleId: values.discordRoleId.trim(),
    discordRoleColor: values.discordRoleColor,
  };
}

export const tierFormSchema = formSchema(
  toTierInput,
  tierInputSchema.safeExtend({ slug: requiredSlug(tierInputSchema.shape.slug.unwrap()) }),
);

export interface TierFormProps {
  /** The tier being edited; null creates one. */
  tier: Tier | null;
  onSave: (input: TierInput) => Promise<boolean>;
  onClose: () => void;
}

export function TierForm({ tier, onSave, onClose }: TierFormProps) {
  const { form, dialog } = useContractForm({
    defaultValues: initialValues(tier),
    toInput: toTierInput,
    schema: tierFormSchema,
    onSave,
  });
  const benefits = useFieldArray({ control: form.control, name: 'benefits' });
  const [icon, colorFrom, colorTo, roleId] = useWatch({
    control: form.control,
    name: ['icon', 'colorGradient.from', 'colorGradient.to', 'discordRoleId'],
  });
  const api = useAdminApi();
  // With a bot configured, the server's roles to pick from; without one (or if Discord is down) the
  // role id is typed by hand, so a failure here stays quiet.
  const guildRoles = useAdminQuery(adminQueries(api).discordRoles(), logFailure('Failed to load the Discord roles'));
  const roles = guildRoles.data ?? [];

  function pickRole(roleId: string) {
    const role = roles.find((candidate) => candidate.id === roleId);
    if (role && !form.getValues('discordRole').trim()) {
      form.setValue('discordRole', role.name);
      form.clearErrors('discordRole');
    }
  }

  return (
    <FormDialog
      {...dialog}
      title={tier ? 'Edit Tier' : 'Create Tier'}
      onClose={onClose}
      submitLabel={tier ? 'Update Tier' : 'Create Tier'}
    >
      <div className="form-grid">
        <NameAndSlugFields
          form={form}
          editing={tier !== null}
          slugHint="Filled from the name; lowercase letters, numbers and hyphens."
        />
        <FormTextField
          form={form}
          name="price"
          label="Price (USD per month)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required
        />
        <FormTextField form={form} name="icon" label="Icon" hint="An emoji, at most 2 characters." />
        <FormTextField
          form={form}
          name="displayOrder"
          label="Display order"
          type="number"
          inputMode="numeric"
          step={1}
          hint="Lower numbers come first."
        />
      </div>

      <fieldset className="form-group">
        <legend>Benefits</legend>
        <ul className="repeat-list">
          {benefits.fields.map((benefit, index) => (
            <li key={benefit.id} className="repeat-row">
              <FormTextField
                form={form}
                name={`benefits.${index}.text`}
                label={`Benefit ${index + 1}`}
                fieldClassName="repeat-grow"
              />
              <button
                type="button"
                className="btn btn-ghost btn-sm repeat-remove"
                aria-label={`Remove benefit ${index + 1}`}
                onClick={() => benefits.remove(index)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        {/* The focus stays on the button, as before, so several rows can be added in a row. */}
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => benefits.append({ text: '' }, { shouldFocus: false })}
        >
          + Add Benefit
        </button>
        <p className="field-hint">Blank benefits are left out when the tier is saved.</p>
      </fieldset>

      <fieldset className="form-group">
        <legend>Look</legend>
        <div className="form-grid form-grid-3">
          <ColorField form={form} name="colorGradient.from" label="Gradient from" />
          <ColorField form={form} name="colorGradient.to" label="Gradient to" />
          <div
            className="tier-preview"
            aria-hidden="true"
            style={{ background: `linear-gradient(135deg, ${colorFrom}, ${colorTo})` }}
          >
            <EmojiIcon emoji={icon || DEFAULT_TIER_ICON} size={32} />
          </div>
        </div>
      </fieldset>

      <fieldset className="form-group">
        <legend>Discord role</legend>
        <div className="form-grid form-grid-3">
          <FormTextField form={form} name="discordRole" label="Role name" required autoComplete="off" />
          {roles.length > 0 ? (
            <FormSelectField
              form={form}
              name="discordRoleId"
              label="Role"
              onValueChange={pickRole}
              hint="The server's roles, read by the bot"
            >
              <RoleOptions roles={roles} current={roleId} />
            </FormSelectField>
          ) : (
            <FormTextField form={form} name="discordRoleId" label="Role ID" inputMode="numeric" autoComplete="off" />
          )}
          <ColorField form={form} name="discordRoleColor" label="Role colour" />
        </div>
      </fieldset>

      <div className="check-row">
        <FormCheckboxField form={form} name="popular" label="Popular" />
        <FormCheckboxField form={form} name="isActive" label="Active" />
      </div>
    </FormDialog>
  );
}

function RoleOptions({ roles, current }: { roles: { id: string; name: string }[]; current: string }) {
  return (
    <>
      <option value="">No role</option>
      {roles.map((role) => (
        <option key={role.id} value={role.id}>
          {role.name}
        </option>
      ))}
      {current && !roles.some((role) => role.id === current) ? (
        <option value={current}>Unknown role {current}</option>
      ) : null}
    </>
  );
}

function ColorField({ label, ...bound }: BoundField<TierValues> & { label: string }) {
  const field = useFormField(bound);
  return (
    <Field label={label} error={field.error} hint={field.value}>
      {(control) => (
        <input
          {...control}
          ref={field.ref}
          type="color"
          className="color-input"
          name={field.name}
          value={normalizeColor(field.value)}
          onBlur={field.onBlur}
          onChange={(event) => field.onValueChange(event.target.value)}
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
