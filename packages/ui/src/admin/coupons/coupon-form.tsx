// The coupon modal (issue 22), in create or edit mode: the code, percent or amount off, what it
// reaches (everything, or chosen categories, items and tiers), minimum spend, start and end, and
// the limits. The contract's schema decides what may be sent, so each field shows the server's message.

import type { Coupon, CouponInput } from '@starport/api-client/contract';
import { couponInputSchema } from '@starport/api-client/contract';
import { useController } from 'react-hook-form';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { formSchema, useContractForm } from '../shared/contract-form.ts';
import { CheckboxField } from '../shared/fields.tsx';
import { FormCheckboxField, FormDialog, FormSelectField, FormTextField } from '../shared/form-fields.tsx';
import { logFailure, useAdminQuery } from '../shared/use-admin-query.ts';

/** Said on the form, so an admin knows how a fixed amount and a minimum are read. */
export const couponHelp = {
  amount:
    'Read in the purchase’s own unit: credits off a purchase with credits, cents off each unit paid by card (500 = $5.00).',
  minSpend: 'Credits for a purchase with credits, cents for a card payment; the price before the code.',
  tiers:
    'A tier’s code is checked in the shop; subscriptions are charged in full (the code is not taken at subscribe).',
} as const;

export interface CouponValues {
  code: string;
  kind: 'percent' | 'amount';
  percentOff: string;
  amountOff: string;
  scope: 'all' | 'chosen';
  categoryIds: string[];
  itemIds: string[];
  tierIds: string[];
  minSpend: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerPlayer: string;
  active: boolean;
}

/** An ISO time as a datetime-local input shows it, in the admin's own time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function fromLocalInput(text: string): string | null {
  if (text.trim() === '') return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

const optionalNumber = (text: string): number | null => (text.trim() === '' ? null : Number(text));

function initialValues(coupon: Coupon | null): CouponValues {
  const chosen = coupon && !('all' in coupon.appliesTo) ? coupon.appliesTo : null;
  return {
    code: coupon?.code ?? '',
    kind: coupon?.amountOff != null ? 'amount' : 'percent',
    percentOff: coupon?.percentOff != null ? String(coupon.percentOff) : '',
    amountOff: coupon?.amountOff != null ? String(coupon.amountOff) : '',
    scope: chosen ? 'chosen' : 'all',
    categoryIds: chosen?.categoryIds ?? [],
    itemIds: chosen?.itemIds ?? [],
    tierIds: chosen?.tierIds ?? [],
    minSpend: coupon ? String(coupon.minSpend) : '0',
    startsAt: toLocalInput(coupon?.startsAt ?? null),
    endsAt: toLocalInput(coupon?.endsAt ?? null),
    maxUses: coupon?.maxUses != null ? String(coupon.maxUses) : '',
    maxUsesPerPlayer: coupon?.maxUsesPerPlayer != null ? String(coupon.maxUsesPerPlayer) : '',
    active: coupon?.active ?? true,
  };
}

/** The request the form sends: only the chosen kind of discount, empty limits as none. */
export function toCouponInput(values: CouponValues): CouponInput {
  return {
    code: values.code.trim(),
    percentOff: values.kind === 'percent' ? optionalNumber(values.percentOff) : null,
    amountOff: values.kind === 'amount' ? optionalNumber(values.amountOff) : null,
    appliesTo:
      values.scope === 'all'
        ? { all: true }
        : { categoryIds: values.categoryIds, itemIds: values.itemIds, tierIds: values.tierIds },
    minSpend: optionalNumber(values.minSpend) ?? 0,
    startsAt: fromLocalInput(values.startsAt),
    endsAt: fromLocalInput(values.endsAt),
    maxUses: optionalNumber(values.maxUses),
    maxUsesPerPlayer: optionalNumber(values.maxUsesPerPlayer),
    active: values.active,
  };
}

export const couponFormSchema = formSchema(toCouponInput, couponInputSchema);

export interface CouponFormProps {
  coupon: Coupon | null;
  onSave: (input: CouponInput) => Promise<boolean>;
  onClose: () => void;
}

type Form = ReturnType<typeof useContractForm<CouponValues, CouponInput>>['form'];

/** One group of checkboxes choosing ids (categories, items or tiers). */
function TargetChoices({
  form,
  name,
  legend,
  options,
}: {
  form: Form;
  name: 'categoryIds' | 'itemIds' | 'tierIds';
  legend: string;
  options: { id: string; label: string }[];
}) {
  const { field } = useController({ control: form.control, name });
  const chosen = field.value as string[];
  if (options.length === 0) return null;
  return (
    <fieldset className="coupon-targets">
      <legend>{legend}</legend>
      {options.map((option) => (
        <CheckboxField
          key={option.id}
          label={option.label}
          checked={chosen.includes(option.id)}
          onCheckedChange={(checked) => {
            field.onChange(checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id));
            form.clearErrors('appliesTo' as never);
          }}
        />
      ))}
    </fieldset>
  );
}

export function CouponForm({ coupon, onSave, onClose }: CouponFormProps) {
  const api = useAdminApi();
  const { form, dialog } = useContractForm({
    defaultValues: initialValues(coupon),
    toInput: toCouponInput,
    schema: couponFormSchema,
    onSave,
  });
  const kind = form.watch('kind');
  const scope = form.watch('scope');
  const queries = adminQueries(api);
  const categories = useAdminQuery(queries.categories(), logFailure('Failed to load categories'));
  const items = useAdminQuery(queries.items(), logFailure('Failed to load items'));
  const tiers = useAdminQuery(queries.tiers(), logFailure('Failed to load tiers'));
  const targetsError = (form.formState.errors as Record<string, { message?: string } | undefined>).appliesTo?.message;

  return (
    <FormDialog
      {...dialog}
      title={coupon ? 'Edit Coupon' : 'Add Coupon'}
      onClose={onClose}
      submitLabel={coupon ? 'Update Coupon' : 'Add Coupon'}
    >
      <div className="form-grid">
        <FormTextField
          form={form}
          name="code"
          label="Code"
          hint="What players type; capitals do not matter."
          required
          autoComplete="off"
        />
        <FormSelectField form={form} name="kind" label="Discount">
          <option value="percent">Percent off</option>
          <option value="amount">Amount off</option>
        </FormSelectField>
        {kind === 'percent' ? (
          <FormTextField
            key="percentOff"
            form={form}
            name="percentOff"
            label="Percent off"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            step={1}
          />
        ) : (
          <FormTextField
            key="amountOff"
            form={form}
            name="amountOff"
            label="Amount off"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            hint={couponHelp.amount}
          />
        )}
        <FormTextField
          form={form}
          name="minSpend"
          label="Minimum spend"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          hint={couponHelp.minSpend}
        />
        <FormTextField form={form} name="startsAt" label="Starts" type="datetime-local" hint="Empty: at once." />
        <FormTextField form={form} name="endsAt" label="Ends" type="datetime-local" hint="Empty: never." />
        <FormTextField
          form={form}
          name="maxUses"
          label="Total uses"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty: no limit. A refunded order gives its use back."
        />
        <FormTextField
          form={form}
          name="maxUsesPerPlayer"
          label="Uses per player"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          hint="Empty: no limit."
        />
        <FormSelectField form={form} name="scope" label="Applies to">
          <option value="all">Everything</option>
          <option value="chosen">Chosen categories, items and tiers</option>
        </FormSelectField>
      </div>
      {scope === 'chosen' ? (
        <div className="coupon-target-groups">
          <TargetChoices
            form={form}
            name="categoryIds"
            legend="Categories"
            options={(categories.data ?? []).map((c) => ({ id: c._id, label: c.displayName || c.name }))}
          />
          <TargetChoices
            form={form}
            name="itemIds"
            legend="Items"
            options={(items.data ?? []).map((i) => ({ id: i._id, label: i.name }))}
          />
          <TargetChoices
            form={form}
            name="tierIds"
            legend="Tiers"
            options={(tiers.data ?? []).map((t) => ({ id: t._id, label: t.name }))}
          />
          <p className="field-hint">{couponHelp.tiers}</p>
          {targetsError ? (
            <p className="field-error" role="alert">
              {targetsError}
            </p>
          ) : null}
        </div>
      ) : null}
      <FormCheckboxField form={form} name="active" label="Active" />
    </FormDialog>
  );
}
