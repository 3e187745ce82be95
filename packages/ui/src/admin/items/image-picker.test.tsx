// The image picker (SPEC.md §2/§4/§5/§8): browse, the client's file checks, preview, Upload & Select
// (also from a dropped file), delete after a confirmation, and a deleted choice clearing the form.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmation, dialog, json, makeItem, renderAdmin } from '../test/render-admin.tsx';

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'nebula.png', { type: 'image/png' });

function library(initial: string[]) {
  let images = [...initial];
  return {
    'GET /api/shop/admin/images': () => json(200, { images }),
    'POST /api/shop/admin/images/upload': () => {
      images = [...images, '/images/library/nebula-1.webp'];
      return json(201, { imageUrl: '/images/library/nebula-1.webp' });
    },
    'DELETE /api/shop/admin/images': ({ body }: { body: unknown }) => {
      const { imageUrl } = body as { imageUrl: string };
      images = images.filter((url) => url !== imageUrl);
      return json(200, { imageUrl, clearedItems: 0 });
    },
  };
}

async function openPicker(title = 'Create Shop Item') {
  fireEvent.click(
    await screen.findByRole('button', { name: title === 'Create Shop Item' ? '+ Create Item' : 'Edit Nova Scout' }),
  );
  fireEvent.click(dialog(title).getByRole('button', { name: 'Choose image' }));
  return dialog('Choose Image');
}

function chooseFile(picker: ReturnType<typeof dialog>, file: File) {
  fireEvent.click(picker.getByRole('tab', { name: 'Upload New' }));
  fireEvent.change(picker.getByLabelText('Choose a file'), { target: { files: [file] } });
}

describe('ImagePicker', () => {
  it("opens on Browse Existing and says 'No images found. Upload a new one!' when the library is empty", async () => {
    renderAdmin('/admin/shop', { api: library([]) });
    const picker = await openPicker();

    expect(picker.getByRole('tab', { name: 'Browse Existing' }).getAttribute('aria-selected')).toBe('true');
    expect(await picker.findByText('No images found. Upload a new one!')).toBeTruthy();
    fireEvent.click(picker.getByRole('tab', { name: 'Upload New' }));
    expect(picker.getByText('PNG, JPG, GIF up to 5MB')).toBeTruthy();
    expect((picker.getByRole('button', { name: 'Upload & Select' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('selects an existing image for the item and closes', async () => {
    const { bodies } = renderAdmin('/admin/shop', { api: library(['/images/library/hull.webp']) });
    const picker = await openPicker();

    fireEvent.click(await picker.findByRole('button', { name: 'Select hull.webp' }));

    expect(screen.queryByRole('dialog', { name: 'Choose Image' })).toBeNull();
    expect(dialog('Create Shop Item').getByText('/images/library/hull.webp')).toBeTruthy();
    expect(bodies('POST /api/shop/admin/images/upload')).toEqual([]);
  });

  it("refuses a file that is not an image: 'Please select an image file'", async () => {
    const { count } = renderAdmin('/admin/shop', { api: library([]) });
    const picker = await openPicker();

    chooseFile(picker, new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(await screen.findByText('Please select an image file')).toBeTruthy();
    expect((picker.getByRole('button', { name: 'Upload & Select' }) as HTMLButtonElement).disabled).toBe(true);
    expect(count('POST /api/shop/admin/images/upload')).toBe(0);
  });

  it("refuses an image over 5MB: 'File size must be less than 5MB'", async () => {
    const { count } = renderAdmin('/admin/shop', { api: library([]) });
    const picker = await openPicker();

    chooseFile(picker, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));

    expect(await screen.findByText('File size must be less than 5MB')).toBeTruthy();
    expect(picker.queryByText('huge.png')).toBeNull();
    expect(count('POST /api/shop/admin/images/upload')).toBe(0);
  });

  it('previews the chosen file, uploads it as the image field, selects it and closes', async () => {
    const { forms } = renderAdmin('/admin/shop', { api: library([]) });
    const picker = await openPicker();

    chooseFile(picker, png());
    expect(picker.getByText('nebula.png')).toBeTruthy();
    const preview = (await picker.findByAltText('Preview of the chosen file')) as HTMLImageElement;
    expect(preview.src).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(picker.getByRole('button', { name: 'Upload & Select' }));

    expect(await screen.findByText('Image uploaded successfully!')).toBeTruthy();
    const sent = forms('POST /api/shop/admin/images/upload')[0]?.get('image') as File;
    expect(sent.name).toBe('nebula.png');
    expect(screen.queryByRole('dialog', { name: 'Choose Image' })).toBeNull();
    expect(dialog('Create Shop Item').getByText('/images/library/nebula-1.webp')).toBeTruthy();
  });

  it('takes a file dropped onto the upload area', async () => {
    renderAdmin('/admin/shop', { api: library([]) });
    const picker = await openPicker();
    fireEvent.click(picker.getByRole('tab', { name: 'Upload New' }));

    fireEvent.drop(picker.getByTestId('drop-zone'), { dataTransfer: { files: [png()] } });

    expect(picker.getByText('nebula.png')).toBeTruthy();
    expect((picker.getByRole('button', { name: 'Upload & Select' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("says 'Failed to upload image' when the upload fails without a reason, and the server's reason when given", async () => {
    let answer = json(500, {});
    renderAdmin('/admin/shop', {
      api: { ...library([]), 'POST /api/shop/admin/images/upload': () => answer },
    });
    const picker = await openPicker();
    chooseFile(picker, png());
    fireEvent.click(picker.getByRole('button', { name: 'Upload & Select' }));
    expect(await screen.findByText('Failed to upload image')).toBeTruthy();

    answer = json(400, { error: { message: 'That file is not a PNG, JPEG, GIF or WebP image' } });
    fireEvent.click(picker.getByRole('button', { name: 'Upload & Select' }));
    expect(await screen.findByText('That file is not a PNG, JPEG, GIF or WebP image')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Choose Image' })).toBeTruthy();
  });

  it("says 'Failed to fetch images: ...' when the library cannot be listed", async () => {
    renderAdmin('/admin/shop', {
      api: { 'GET /api/shop/admin/images': () => json(503, { error: { message: 'Storage unavailable' } }) },
    });
    await openPicker();

    expect(await screen.findByText('Failed to fetch images: Storage unavailable')).toBeTruthy();
  });

  it('asks before deleting an image, then deletes it and shows the list again', async () => {
    const { bodies } = renderAdmin('/admin/shop', { api: library(['/images/library/hull.webp']) });
    const picker = await openPicker();

    fireEvent.click(await picker.findByRole('button', { name: 'Delete hull.webp' }));
    expect(bodies('DELETE /api/shop/admin/images')).toEqual([]);
    fireEvent.click(confirmation('Delete Image').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Image deleted successfully')).toBeTruthy();
    expect(bodies('DELETE /api/shop/admin/images')).toEqual([{ imageUrl: '/images/library/hull.webp' }]);
    expect(await picker.findByText('No images found. Upload a new one!')).toBeTruthy();
  });

  it("clears the form's image when the chosen image is deleted, and refetches the items", async () => {
    const { count } = renderAdmin('/admin/shop', {
      api: {
        ...library(['/images/library/hull.webp', '/images/library/other.webp']),
        'GET /api/shop/admin/items': () => json(200, { items: [makeItem({ imageUrl: '/images/library/hull.webp' })] }),
      },
    });
    const picker = await openPicker('Edit Shop Item');
    const chosen = await picker.findByRole('button', { name: 'Select hull.webp' });
    expect(chosen.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(picker.getByRole('button', { name: 'Delete hull.webp' }));
    fireEvent.click(confirmation('Delete Image').getByRole('button', { name: 'Delete' }));
    await screen.findByText('Image deleted successfully');
    fireEvent.click(picker.getByRole('button', { name: 'Close' }));

    const form = dialog('Edit Shop Item');
    expect(form.queryByText('/images/library/hull.webp')).toBeNull();
    expect(form.getByText('No image: the shop shows a placeholder.')).toBeTruthy();
    await waitFor(() => expect(count('GET /api/shop/admin/items')).toBe(2));
  });

  it("says 'Failed to delete image' when the deletion fails", async () => {
    renderAdmin('/admin/shop', {
      api: { ...library(['/images/library/hull.webp']), 'DELETE /api/shop/admin/images': () => json(500, {}) },
    });
    const picker = await openPicker();
    fireEvent.click(await picker.findByRole('button', { name: 'Delete hull.webp' }));
    fireEvent.click(confirmation('Delete Image').getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Failed to delete image')).toBeTruthy();
    expect(
      within(screen.getByRole('dialog', { name: 'Choose Image' })).getByRole('button', { name: 'Select hull.webp' }),
    ).toBeTruthy();
  });
});
