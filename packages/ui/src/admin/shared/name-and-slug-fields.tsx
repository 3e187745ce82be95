// The Name and Slug fields of the tier, item and category forms: the slug is filled from the name with
// slugify (SPEC.md §3) until the admin types one of their own; emptying it hands it back to the name.
import { slugify } from '@starport/api-client/contract';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { FormTextField } from './form-fields.tsx';

interface NameAndSlug {
  name: string;
  slug: string;
}

export interface NameAndSlugFieldsProps<V extends NameAndSlug & FieldValues> {
  form: UseFormReturn<V, unknown, V>;
  /** Editing an existing record rather than creating one. */
  editing: boolean;
  slugHint: string;
}

export function NameAndSlugFields<V extends NameAndSlug & FieldValues>(props: NameAndSlugFieldsProps<V>) {
  // Seen through the two fields it fills, which every form that shows it has.
  const form = props.form as unknown as UseFormReturn<NameAndSlug, unknown, NameAndSlug>;
  // An existing record keeps its slug (links to it stay valid) unless the admin changes it by hand.
  const [slugTouched, setSlugTouched] = useState(() => props.editing && form.getValues('slug') !== '');

  function fillSlug(name: string) {
    if (!slugTouched) form.setValue('slug', slugify(name));
    form.clearErrors(['name', 'slug']);
  }

  return (
    <>
      <FormTextField form={form} name="name" label="Name" onValueChange={fillSlug} required autoComplete="off" />
      <FormTextField
        form={form}
        name="slug"
        label="Slug"
        onValueChange={(slug) => setSlugTouched(slug !== '')}
        hint={props.slugHint}
        required
        autoComplete="off"
      />
    </>
  );
}
