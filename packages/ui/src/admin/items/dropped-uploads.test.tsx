// Window-wide drops (the console's <AdminApp windowDrop />): several files at once, each uploaded or
// refused on its own with the picker's rules; on the item form the upload becomes the item's image;
// the site (no windowDrop) ignores drops outside the picker's zone.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dialog, json, renderAdmin } from '../test/render-admin.tsx';

const file = (name: string, type: string, size = 4) => new File([new Uint8Array(size)], name, { type });

function dropOnWindow(files: File[]) {
  const event = new Event('drop', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: { files, types: ['Files'] } });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

const uploadAnswer = {
  'POST /api/shop/admin/images/upload': () => json(201, { imageUrl: '/images/library/dropped-1.webp' }),
};

describe('window-wide image drops', () => {
  it('upload each file on its own on the item form, refusing by type and size, and set the image', async () => {
    const { forms } = renderAdmin('/admin/shop', { api: uploadAnswer, windowDrop: true });
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Item' }));
    const form = dialog('Create Shop Item');

    const event = dropOnWindow([
      file('ok.png', 'image/png'),
      file('notes.txt', 'text/plain'),
      file('huge.png', 'image/png', 6 * 1024 * 1024),
    ]);

    expect(event.defaultPrevented).toBe(true);
    expect(await form.findByText('Uploaded')).toBeTruthy();
    expect(form.getByText('File size must be less than 5MB')).toBeTruthy();
    expect(form.getByText('ok.png')).toBeTruthy();
    expect(form.getByText('notes.txt')).toBeTruthy();
    expect(form.getByText('/images/library/dropped-1.webp')).toBeTruthy();
    const sent = forms('POST /api/shop/admin/images/upload');
    expect(sent).toHaveLength(1);
    expect((sent[0]?.get('image') as File | null)?.name).toBe('ok.png');
  });

  it('are ignored by the web admin, which has no windowDrop', async () => {
    const { forms } = renderAdmin('/admin/shop', { api: uploadAnswer });
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Item' }));
    const event = dropOnWindow([file('ok.png', 'image/png')]);
    expect(event.defaultPrevented).toBe(false);
    expect(forms('POST /api/shop/admin/images/upload')).toHaveLength(0);
  });

  it('go to the library while the image picker is open', async () => {
    let images: string[] = [];
    renderAdmin('/admin/shop', {
      windowDrop: true,
      api: {
        'GET /api/shop/admin/images': () => json(200, { images }),
        'POST /api/shop/admin/images/upload': () => {
          images = ['/images/library/dropped-1.webp'];
          return json(201, { imageUrl: '/images/library/dropped-1.webp' });
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '+ Create Item' }));
    fireEvent.click(dialog('Create Shop Item').getByRole('button', { name: 'Choose image' }));
    const picker = dialog('Choose Image');
    dropOnWindow([file('ok.png', 'image/png')]);
    expect(await picker.findByRole('button', { name: 'Select dropped-1.webp' })).toBeTruthy();
    // The form's image stays as it was until one is selected.
    expect(dialog('Create Shop Item').queryByText('/images/library/dropped-1.webp')).toBeNull();
  });
});
