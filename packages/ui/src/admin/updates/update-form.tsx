// The news post modal, in create or edit mode: title and slug (the one slug rule), summary, a
// Markdown body with a Preview rendered by the server's own renderer (what players will see), a
// cover from the image library, draft / scheduled / published with a publish time, pinned.

import type { AdminUpdate, UpdateInput } from '@starport/api-client/contract';
import { updateInputSchema } from '@starport/api-client/contract';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { ImagePicker } from '../items/image-picker.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { formSchema, requiredSlug, useContractForm } from '../shared/contract-form.ts';
import { messageOr } from '../shared/errors.ts';
import {
  FormCheckboxField,
  FormDialog,
  FormSelectField,
  FormTextAreaField,
  FormTextField,
} from '../shared/form-fields.tsx';
import { LibraryImage } from '../shared/library-image.tsx';
import { NameAndSlugFields } from '../shared/name-and-slug-fields.tsx';

export interface UpdateValues {
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverImage: string;
  status: 'draft' | 'scheduled' | 'published';
  /** As a datetime-local field holds it: the admin's own time zone, no seconds. */
  publishAt: string;
  pinned: boolean;
}

/** An ISO time as a datetime-local value in this browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function initialValues(update: AdminUpdate | null): UpdateValues {
  if (!update) {
    return {
      title: '',
      slug: '',
      summary: '',
      body: '',
      coverImage: '',
      status: 'draft',
      publishAt: '',
      pinned: false,
    };
  }
  return {
    title: update.title,
    slug: update.slug,
    summary: update.summary,
    body: update.body,
    coverImage: update.coverImage ?? '',
    status: update.status,
    publishAt: toLocalInput(update.publishAt),
    pinned: update.pinned,
  };
}

export function toUpdateInput(values: UpdateValues): UpdateInput {
  const publishAt = values.publishAt ? new Date(values.publishAt) : null;
  return {
    title: values.title,
    slug: values.slug.trim(),
    summary: values.summary,
    body: values.body,
    coverImage: values.coverImage || null,
    status: values.status,
    // Only a scheduled post's time matters; the others are published now or not at all.
    publishAt:
      values.status === 'scheduled' && publishAt && !Number.isNaN(publishAt.getTime()) ? publishAt.toISOString() : null,
    pinned: values.pinned,
  };
}

export const updateFormSchema = formSchema(
  toUpdateInput,
  updateInputSchema.safeExtend({ slug: requiredSlug(updateInputSchema.shape.slug.unwrap()) }),
);

export interface UpdateFormProps {
  update: AdminUpdate | null;
  onSave: (input: UpdateInput) => Promise<boolean>;
  onClose: () => void;
}

export function UpdateForm({ update, onSave, onClose }: UpdateFormProps) {
  const api = useAdminApi();
  const { form, dialog } = useContractForm({
    defaultValues: initialValues(update),
    toInput: toUpdateInput,
    schema: updateFormSchema,
    onSave,
  });
  const [coverImage, status] = useWatch({ control: form.control, name: ['coverImage', 'status'] });
  const [picking, setPicking] = useState(false);
  const [preview, setPreview] = useState<{ html: string } | { error: string } | null>(null);
  const [previewing, setPreviewing] = useState(false);

  function setCover(url: string) {
    form.setValue('coverImage', url);
    form.clearErrors('coverImage');
  }

  async function showPreview() {
    setPreviewing(true);
    try {
      setPreview(await api.admin.updates.preview(form.getValues('body')));
    } catch (error) {
      setPreview({ error: messageOr(error, 'Failed to render the preview') });
    } finally {
      setPreviewing(false);
    }
  }

  const coverError = form.formState.errors.coverImage?.message;
  return (
    <>
      <FormDialog
        {...dialog}
        title={update ? 'Edit Update' : 'New Update'}
        onClose={onClose}
        submitLabel={update ? 'Save Update' : 'Create Update'}
      >
        <div className="form-grid">
          <NameAndSlugFields
            form={form}
            editing={update !== null}
            from={{ field: 'title', label: 'Title' }}
            slugHint="Filled from the title; the post's address is /updates/<slug>."
          />
        </div>
        <FormTextAreaField
          form={form}
          name="summary"
          label="Summary"
          rows={2}
          hint="One or two sentences: the home page, the feed and Discord show it."
        />
        <FormTextAreaField
          form={form}
          name="body"
          label="Body (Markdown)"
          rows={10}
          hint="Markdown: # headings, **bold**, [links](https://…), lists. HTML is shown as text."
          onValueChange={() => setPreview(null)}
        />
        <div className="button-row">
          <button type="button" className="btn btn-secondary btn-sm" onClick={showPreview} disabled={previewing}>
            {previewing ? 'Rendering...' : 'Preview'}
          </button>
        </div>
        {preview ? (
          'html' in preview ? (
            <section className="card update-preview" aria-label="Preview">
              {/* Rendered and sanitised by the server: raw HTML off, only safe links. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering */}
              <div className="update-body" dangerouslySetInnerHTML={{ __html: preview.html }} />
            </section>
          ) : (
            <p className="field-error">{preview.error}</p>
          )
        ) : null}

        <div className="image-field">
          <LibraryImage
            url={coverImage || null}
            alt={coverImage ? 'Chosen cover' : 'No cover chosen'}
            className="image-field-preview"
          />
          <div className="image-field-body">
            <span className="field-label">Cover image</span>
            <p className="field-hint">{coverImage || 'No cover: the post shows its title alone.'}</p>
            {coverError ? <p className="field-error">{coverError}</p> : null}
            <div className="button-row">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => setPicking(true)}>
                Choose cover
              </button>
              {coverImage ? (
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setCover('')}>
                  Remove cover
                </button>
              ) : null}
            </div>
          </div>
        </div>

        <div className="form-grid">
          <FormSelectField form={form} name="status" label="Status">
            <option value="draft">Draft</option>
            <option value="scheduled">Scheduled</option>
            <option value="published">Published</option>
          </FormSelectField>
          {status === 'scheduled' ? (
            <FormTextField
              form={form}
              name="publishAt"
              label="Publish time"
              type="datetime-local"
              hint="Your time zone. It goes out by itself then."
            />
          ) : null}
        </div>
        <FormCheckboxField form={form} name="pinned" label="Pinned (shown first on the home page)" />
      </FormDialog>

      <ImagePicker
        open={picking}
        selectedUrl={coverImage || null}
        onSelect={(url) => {
          setCover(url);
          setPicking(false);
        }}
        onDeleted={(url) => {
          if (form.getValues('coverImage') === url) setCover('');
        }}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
