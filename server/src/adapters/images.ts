// Turns uploaded bytes into a safe library picture with sharp: only real PNG, JPEG, GIF or WebP
// (judged by decoding, never by name or MIME type), a pixel limit before decoding, and a fresh
// WebP encoding that drops every metadata block and bounds the size.
import type sharpType from 'sharp';
import { loadWhenNeeded } from '../lib/load-when-needed.ts';

/** Decoding stops before this many pixels: a 20,000 × 20,000 "image" of 1 KB is refused, not unpacked. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The longest side a library picture keeps. Shop cards show about 400 px; this leaves room for sharp screens. */
export const MAX_IMAGE_SIDE = 1024;

const allowedFormats = new Set(['png', 'jpeg', 'gif', 'webp']);

export class ImageRejected extends Error {}

export interface ProcessedImage {
  data: Buffer;
  extension: 'webp';
  width: number;
  height: number;
  /** What was uploaded, before re-encoding. */
  original: { format: string; bytes: number; width: number; height: number };
}

export async function processUploadedImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const sharp = loadWhenNeeded('sharp') as typeof sharpType;
  let format: string | undefined;
  let originalWidth = 0;
  let originalHeight = 0;
  try {
    ({
      format,
      width: originalWidth,
      height: originalHeight,
    } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new ImageRejected('not an image');
  }
  if (!format || !allowedFormats.has(format)) throw new ImageRejected(`format ${format ?? 'unknown'} not allowed`);
  try {
    // The first frame of an animation: shop pictures stand still.
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      extension: 'webp',
      width: info.width,
      height: info.height,
      original: { format, bytes: bytes.length, width: originalWidth, height: originalHeight },
    };
  } catch {
    throw new ImageRejected('could not be decoded');
  }
}

/** Width and height of a picture already in the library (a seed file, a file on disk), or null. */
export async function measureImage(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  const sharp = loadWhenNeeded('sharp') as typeof sharpType;
  try {
    const { width, height } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** A narrower copy of a library picture for srcset: WebP, at most `width` wide, never enlarged. */
export async function resizeImage(
  bytes: Uint8Array,
  width: number,
): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = loadWhenNeeded('sharp') as typeof sharpType;
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 })
    .resize(width, undefined, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
