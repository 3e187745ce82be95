// What the image library says about a file before anything is sent (SPEC.md §5, §8): the picker's
// Upload New tab and the console's window-wide drops both check with these rules and texts.
import { adminMessages, IMAGE_MAX_BYTES } from '@starport/api-client/contract';

export const imageMessages = {
  uploaded: 'Image uploaded successfully!',
  deleted: 'Image deleted successfully',
  fetchFailed: (message: string) => `Failed to fetch images: ${message}`,
  uploadFailed: 'Failed to upload image',
  deleteFailed: 'Failed to delete image',
  notAnImage: adminMessages.imageRequired,
  tooLarge: adminMessages.imageTooLarge,
  empty: 'No images found. Upload a new one!',
  hint: 'PNG, JPG, GIF up to 5MB',
} as const;

/** SPEC.md §5: an image type, and under 5MB. Null when the file may be sent. */
export function checkImageFile(file: File): string | null {
  if (!file.type.startsWith('image/')) return imageMessages.notAnImage;
  if (file.size >= IMAGE_MAX_BYTES) return imageMessages.tooLarge;
  return null;
}
