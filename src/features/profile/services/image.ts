import { AppError } from '../../../domain/errors';
import { PICTURE_MAX_EDGE_PX } from '../../../domain/memberContract';

// A profile picture is stored as a data URL in localStorage, so a phone photo must be scaled down
// first or it would fill the quota (a few MB) on its own.
// The same edge the server expects of a member's picture (memberContract.ts), so what is stored here syncs as is.
export const PICTURE_MAX_SIDE = PICTURE_MAX_EDGE_PX;
const QUALITY = 0.85;

function encode(canvas: HTMLCanvasElement): string {
  // WebP keeps transparency and is small; a browser that cannot encode it returns PNG, so fall back to JPEG.
  const webp = canvas.toDataURL('image/webp', QUALITY);
  return webp.startsWith('data:image/webp') ? webp : canvas.toDataURL('image/jpeg', QUALITY);
}

/** Reads an image file into a small data URL (longest side at most 256 px). */
export async function readPicture(file: File): Promise<string> {
  if (!file.type.startsWith('image/')) throw new AppError('PICTURE_NOT_IMAGE');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch (cause) {
    throw new AppError('PICTURE_UNREADABLE', { cause });
  }
  try {
    const scale = Math.min(1, PICTURE_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new AppError('PICTURE_UNREADABLE');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const url = encode(canvas);
    if (!url.startsWith('data:image/')) throw new AppError('PICTURE_UNREADABLE');
    return url;
  } catch (cause) {
    throw cause instanceof AppError ? cause : new AppError('PICTURE_UNREADABLE', { cause });
  } finally {
    bitmap.close();
  }
}
