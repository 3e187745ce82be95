// The image picker of SPEC.md §2/§4/§5, opened from the item form: Browse Existing (pick or delete a
// library image) and Upload New (choose or drop a file, preview, Upload & Select). The client checks
// the file's type and size before anything is sent; the server decides what the bytes really are.

import type { DragEvent, KeyboardEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog, Dialog } from '../../dialog/dialog.tsx';
import { Loading } from '../../loading/loading.tsx';
import { useToast } from '../../toast/toast.tsx';
import { useAdminApi } from '../shared/admin-context.tsx';
import { adminQueries } from '../shared/admin-queries.ts';
import { describeError, messageOr } from '../shared/errors.ts';
import { imageName, LibraryImage } from '../shared/library-image.tsx';
import { useAdminMutation, useAdminQuery } from '../shared/use-admin-query.ts';
import { DroppedUploadList, useWindowImageDrop } from './dropped-uploads.tsx';
import { checkImageFile, imageMessages } from './image-file.ts';

type Tab = 'browse' | 'upload';

export interface ImagePickerProps {
  open: boolean;
  /** The image the form holds now, marked in the grid. */
  selectedUrl: string | null;
  onSelect: (url: string) => void;
  /** An image was deleted from the library (the form clears it if it was the chosen one; the items
   * that used it are asked again, since the server cleared it from them). */
  onDeleted: (url: string) => void;
  onClose: () => void;
}

export function ImagePicker(props: ImagePickerProps) {
  // Mounted only while open, so every opening starts on Browse Existing.
  return props.open ? <ImagePickerDialog {...props} /> : null;
}

function ImagePickerDialog({ selectedUrl, onSelect, onDeleted, onClose }: ImagePickerProps) {
  const api = useAdminApi();
  const toast = useToast();
  const baseId = useId();
  const [tab, setTab] = useState<Tab>('browse');
  const images = useAdminQuery(adminQueries(api).images(), (error) =>
    toast.error(imageMessages.fetchFailed(describeError(error))),
  );
  const upload = useAdminMutation('imageUploaded', (file: File) => api.admin.images.upload(file, file.name));
  const remove = useAdminMutation('imageDeleted', (url: string) => api.admin.images.remove(url));
  const [deleting, setDeleting] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const tabRefs = { browse: useRef<HTMLButtonElement>(null), upload: useRef<HTMLButtonElement>(null) };
  const uploading = upload.isPending;

  // The console's window-wide drop: every image dropped outside the drop zone goes to the library.
  const drop = useWindowImageDrop(true, () => toast.success(imageMessages.uploaded));

  // The preview is read from the file in the browser; nothing is sent until Upload & Select.
  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    let current = true;
    const reader = new FileReader();
    reader.onload = () => {
      if (current && typeof reader.result === 'string') setPreview(reader.result);
    };
    reader.readAsDataURL(file);
    return () => {
      current = false;
      reader.abort();
    };
  }, [file]);

  function takeFile(candidate: File | undefined) {
    if (!candidate) return;
    const problem = checkImageFile(candidate);
    if (problem) {
      toast.error(problem);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setFile(candidate);
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    takeFile(event.dataTransfer.files[0]);
  }

  async function handleUpload() {
    if (!file || uploading) return;
    try {
      const { imageUrl } = await upload.mutateAsync(file);
      toast.success(imageMessages.uploaded);
      // SPEC.md §4: the uploaded image is selected and the modal closes.
      onSelect(imageUrl);
    } catch (error) {
      toast.error(messageOr(error, imageMessages.uploadFailed));
    }
  }

  async function handleDelete() {
    if (!deleting) return;
    const url = deleting;
    try {
      await remove.mutateAsync(url);
      toast.success(imageMessages.deleted);
      onDeleted(url);
    } catch (error) {
      toast.error(messageOr(error, imageMessages.deleteFailed));
    }
    setDeleting(null);
  }

  // Arrow keys move between the two tabs, as a tab list does.
  function handleTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = tab === 'browse' ? 'upload' : 'browse';
    setTab(next);
    tabRefs[next].current?.focus();
  }

  const tabId = (which: Tab) => `${baseId}-tab-${which}`;
  const panelId = (which: Tab) => `${baseId}-panel-${which}`;

  return (
    <>
      <Dialog
        open
        title="Choose Image"
        onClose={onClose}
        busy={uploading}
        className="dialog-wide"
        actions={
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={uploading}>
            Close
          </button>
        }
      >
        <div className="picker-tabs" role="tablist" aria-label="Image source">
          {(['browse', 'upload'] as const).map((which) => (
            <button
              key={which}
              ref={tabRefs[which]}
              id={tabId(which)}
              type="button"
              role="tab"
              className="picker-tab"
              aria-selected={tab === which}
              aria-controls={panelId(which)}
              tabIndex={tab === which ? 0 : -1}
              onClick={() => setTab(which)}
              onKeyDown={handleTabKey}
            >
              {which === 'browse' ? 'Browse Existing' : 'Upload New'}
            </button>
          ))}
        </div>

        {tab === 'browse' ? (
          <div id={panelId('browse')} role="tabpanel" aria-labelledby={tabId('browse')} className="picker-panel">
            {images.isPending ? (
              <Loading label="Loading images..." />
            ) : !images.data?.length ? (
              <div className="empty-state">
                <p>{imageMessages.empty}</p>
              </div>
            ) : (
              <ul className="picker-grid">
                {images.data.map((url) => {
                  const name = imageName(url);
                  const selected = url === selectedUrl;
                  return (
                    <li key={url} className={selected ? 'picker-image is-selected' : 'picker-image'}>
                      <button
                        type="button"
                        className="picker-select"
                        aria-label={`Select ${name}`}
                        aria-pressed={selected}
                        onClick={() => onSelect(url)}
                      >
                        <LibraryImage url={url} alt="" />
                        {selected ? <span className="badge badge-accent picker-selected-badge">Selected</span> : null}
                      </button>
                      <button
                        type="button"
                        className="picker-delete"
                        aria-label={`Delete ${name}`}
                        title="Delete image"
                        onClick={() => setDeleting(url)}
                      >
                        ×
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        ) : (
          <div id={panelId('upload')} role="tabpanel" aria-labelledby={tabId('upload')} className="picker-panel">
            {/* A drop target for the mouse; the file input inside it is the keyboard's way in. */}
            {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a mouse shortcut for the input */}
            <div
              className={dragging ? 'drop-zone is-dragging' : 'drop-zone'}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={handleDrop}
              data-testid="drop-zone"
            >
              {preview ? <img className="drop-preview" src={preview} alt="Preview of the chosen file" /> : null}
              {file ? (
                <p className="drop-file-name">{file.name}</p>
              ) : (
                <p className="drop-title">Drop an image here, or</p>
              )}
              <label className="btn btn-secondary btn-sm drop-choose">
                {file ? 'Choose another file' : 'Choose a file'}
                <input
                  ref={fileInput}
                  id="admin-image-file"
                  name="image"
                  className="visually-hidden"
                  type="file"
                  accept="image/*"
                  onChange={(event) => takeFile(event.target.files?.[0])}
                />
              </label>
              <p className="field-hint">{imageMessages.hint}</p>
            </div>
            <div className="picker-upload-actions">
              <button type="button" className="btn btn-primary" onClick={handleUpload} disabled={!file || uploading}>
                {uploading ? 'Uploading...' : 'Upload & Select'}
              </button>
            </div>
          </div>
        )}

        <DroppedUploadList uploads={drop.uploads} />
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete Image"
        message={
          <p>
            Delete “{deleting ? imageName(deleting) : ''}” from the image library? Items using it will show a
            placeholder.
          </p>
        }
        confirmLabel="Delete"
        tone="danger"
        busy={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
