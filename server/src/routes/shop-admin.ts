// /api/shop/admin: shop items and the image library, administrators only (401 signed out, 403 for
// players, for every path under it).
import {
  adminMessages,
  deleteImageRequestSchema,
  IMAGE_MAX_BYTES,
  shopItemInputSchema,
  shopItemUpdateSchema,
} from '@starport/api-client/contract';
import { Hono } from 'hono';
import { AppError, invalid } from '../errors.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { limitBody } from '../middleware/body-limit.ts';
import type { AppEnv } from '../middleware/types.ts';
import { readBody } from '../middleware/validate.ts';
import { createShopItem, deleteShopItemById, listItemsForAdmin, updateShopItemById } from '../services/admin/items.ts';
import { deleteLibraryImage, listLibraryImages, storeUploadedImage } from '../services/catalogue/image-library.ts';

export const IMAGE_UPLOAD_PATH = '/api/shop/admin/images/upload';
/** Room for the multipart framing around a file just under the limit. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () => new AppError('payload_too_large', adminMessages.imageTooLarge);

export const shopAdminRoutes = new Hono<AppEnv>()
  .use('*', requireAdmin)
  .get('/items', async (c) => c.json({ items: await listItemsForAdmin(c.get('ctx')) }))
  .post('/items', async (c) => {
    const input = await readBody(c, shopItemInputSchema);
    return c.json({ item: await createShopItem(c.get('ctx'), c.get('user').id, input) }, 201);
  })
  .patch('/items/:id', async (c) => {
    const input = await readBody(c, shopItemUpdateSchema);
    return c.json({ item: await updateShopItemById(c.get('ctx'), c.get('user').id, c.req.param('id'), input) });
  })
  .delete('/items/:id', async (c) =>
    c.json({ item: await deleteShopItemById(c.get('ctx'), c.get('user').id, c.req.param('id')) }),
  )
  .get('/images', async (c) => c.json({ images: await listLibraryImages(c.get('ctx')) }))
  .post(
    '/images/upload',
    // Counted on the bytes received, with or without Content-Length (the API's JSON limit skips this path).
    limitBody(IMAGE_MAX_BYTES + MULTIPART_OVERHEAD, () => {
      throw tooLarge();
    }),
    async (c) => {
      let form: Record<string, string | File | (string | File)[]>;
      try {
        form = await c.req.parseBody();
      } catch {
        throw invalid(adminMessages.imageRequired);
      }
      const file = form.image;
      if (!(file instanceof File) || file.size === 0) throw invalid(adminMessages.imageRequired);
      if (file.size >= IMAGE_MAX_BYTES) throw tooLarge();
      const imageUrl = await storeUploadedImage(
        c.get('ctx'),
        c.get('user').id,
        new Uint8Array(await file.arrayBuffer()),
      );
      return c.json({ imageUrl }, 201);
    },
  )
  .delete('/images', async (c) => {
    const { imageUrl } = await readBody(c, deleteImageRequestSchema);
    return c.json(await deleteLibraryImage(c.get('ctx'), c.get('user').id, imageUrl));
  });
