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

/** A form with a slug and the field it is made from (a name, or a news post's title). */
type SluggedValues = ({ name: string } | { title: string }) & { slug: string } & FieldValues;

export interface NameAndSlugFieldsProps<V extends SluggedValues> {
  form: UseFormReturn<V, unknown, V>;
  /** Editing an existing record rather than creating one. */
  editing: boolean;
  slugHint: string;
  /** The field the slug is made from, and its label: a news post's title rather than a name. */
  from?: { field: 'title'; label: string };
}

export function NameAndSlugFields<V extends SluggedValues>(props: NameAndSlugFieldsProps<V>) {
  // Seen through the two fields it fills, which every form that shows it has.
  const form = props.form as unknown as UseFormReturn<NameAndSlug, unknown, NameAndSlug>;
  const nameField = (props.from?.field ?? 'name') as 'name';
  // An existing record keeps its slug (links to it stay valid) unless the admin changes it by hand.
  const [slugTouched, setSlugTouched] = useState(() => props.editing && form.getValues('slug') !== '');

  function fillSlug(name: string) {
    if (!slugTouched) form.setValue('slug', slugify(name));
    form.clearErrors([nameField, 'slug']);
  }

  return (
    <>
      <FormTextField
        form={form}
        name={nameField}
        label={props.from?.label ?? 'Name'}
        onValueChange={fillSlug}
        required
        autoComplete="off"
      />
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
