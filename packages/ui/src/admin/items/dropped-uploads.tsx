// Window-wide drops of image files (the desktop console turns it on): each dropped file is checked
// with the image library's rules (image-file.ts) and uploaded on its own, with its own state and
// error, listed in a panel.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useAdminApi, useAdminWindowDrop } from '../shared/admin-context.tsx';
import { messageOr } from '../shared/errors.ts';
import { useAdminMutation } from '../shared/use-admin-query.ts';
import { checkImageFile, imageMessages } from './image-file.ts';

export interface DroppedUpload {
  id: number;
  name: string;
  state: 'uploading' | 'done' | 'failed';
  error?: string;
}

/**
 * Uploads files dropped anywhere on the window while `active`. `onUploaded` gets each image's URL in
 * the order uploads finish. A drop already handled by an inner target (the picker's drop zone) is left alone.
 */
export function useWindowImageDrop(active: boolean, onUploaded: (url: string) => void) {
  const api = useAdminApi();
  const enabled = useAdminWindowDrop() && active;
  // Each file is its own call; every upload adds to the library, so its list is asked again.
  const { mutateAsync: upload } = useAdminMutation('imageUploaded', (file: File) =>
    api.admin.images.upload(file, file.name),
  );
  const [uploads, setUploads] = useState<DroppedUpload[]>([]);
  const nextId = useRef(1);
  const latest = useRef(onUploaded);
  latest.current = onUploaded;

  const update = useCallback((id: number, patch: Partial<DroppedUpload>) => {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...patch } : upload)));
  }, []);

  const uploadFiles = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const id = nextId.current++;
        const problem = checkImageFile(file);
        setUploads((current) => [
          ...current,
          problem
            ? { id, name: file.name, state: 'failed', error: problem }
            : { id, name: file.name, state: 'uploading' },
        ]);
        if (problem) continue;
        upload(file)
          .then(({ imageUrl }) => {
            update(id, { state: 'done' });
            latest.current(imageUrl);
          })
          .catch((error: unknown) =>
            update(id, { state: 'failed', error: messageOr(error, imageMessages.uploadFailed) }),
          );
      }
    },
    [upload, update],
  );

  useEffect(() => {
    if (!enabled) return;
    // Without preventDefault on dragover the window refuses the drop (and Electron would open the file).
    const onDragOver = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    const onDrop = (event: DragEvent) => {
      if (event.defaultPrevented) return;
      event.preventDefault();
      uploadFiles(Array.from(event.dataTransfer?.files ?? []));
    };
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [enabled, uploadFiles]);

  return { enabled, uploads, uploadFiles };
}

export function DroppedUploadList({ uploads }: { uploads: DroppedUpload[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="dropped-uploads" aria-label="Dropped images">
      {uploads.map((upload) => (
        <li key={upload.id} className={`dropped-upload is-${upload.state}`}>
          <span className="dropped-upload-name">{upload.name}</span>
          {upload.state === 'uploading' ? (
            // fetch reports no byte counts, so the bar is indeterminate while the upload runs.
            <progress aria-label={`Uploading ${upload.name}`} />
          ) : upload.state === 'done' ? (
            <span className="badge badge-accent">Uploaded</span>
          ) : (
            <span className="field-error" role="alert">
              {upload.error}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
