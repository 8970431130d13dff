// Large photos are downsized in the browser before they are sent, so a phone on a slow
// connection uploads a few hundred kilobytes rather than several megabytes. The server keeps
// at most a 2048 px display size (D7), so 2560 px loses nothing it would keep.
export const MAX_UPLOAD_EDGE = 2560;
const JPEG_QUALITY = 0.9;

// Browsers cannot decode HEIC, so it goes as it is and the server converts it (D7).
const resizableTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

const prepared = new WeakMap<File, Promise<File>>();

/** The file to upload for `file`: the original, or a JPEG at most MAX_UPLOAD_EDGE px long. */
export function preparePhoto(file: File): Promise<File> {
  let result = prepared.get(file);
  if (!result) {
    result = downsize(file);
    prepared.set(file, result);
  }
  return result;
}

async function downsize(file: File): Promise<File> {
  if (!resizableTypes.has(file.type.toLowerCase()) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file; // Not decodable here: the server checks it and says what is wrong.
  }
  try {
    const longEdge = Math.max(bitmap.width, bitmap.height);
    if (longEdge <= MAX_UPLOAD_EDGE) return file;
    const scale = MAX_UPLOAD_EDGE / longEdge;
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const blob = await drawAsJpeg(bitmap, width, height);
    if (!blob || blob.size === 0 || blob.size >= file.size) return file;
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  } finally {
    bitmap.close();
  }
}

type Context2D = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function paint(context: Context2D, bitmap: ImageBitmap, width: number, height: number) {
  // JPEG has no transparency: see-through areas of a PNG or WebP become white, not black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
}

async function drawAsJpeg(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      paint(context, bitmap, width, height);
      return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  paint(context, bitmap, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '');
  return `${base || 'photo'}.jpg`;
}

// --- Can the browser read it as a photo? (step 1 flags a file that is not, at once) ---------

/** What a photo's tile says when the file is not a photo anyone can read. */
export const unreadablePhotoMessage = "This file isn't a photo we can read";

export type PhotoReadability = 'checking' | 'readable' | 'unreadable';

const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'heif', 'mif1', 'msf1']);

/** Whether the file is named or typed as HEIC/HEIF (what the server converts, D7). */
export const isHeicFile = (file: File) => /^image\/hei[cf]$/i.test(file.type) || /\.hei[cf]$/i.test(file.name);

async function headBytes(file: File, count: number): Promise<Uint8Array> {
  const blob = file.slice(0, count);
  if (typeof blob.arrayBuffer === 'function') return new Uint8Array(await blob.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsArrayBuffer(blob);
  });
}

const ascii = (bytes: Uint8Array, start: number) => String.fromCharCode(...bytes.subarray(start, start + 4));

/**
 * An ISO-BMFF file whose first box is `ftyp` with a HEIF brand (major or compatible). Most
 * browsers cannot decode HEIC, so its bytes are sniffed instead of decoding it.
 */
export function looksLikeHeic(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16);
  if (heicBrands.has(ascii(bytes, 8))) return true;
  for (let offset = 16; offset + 4 <= end; offset += 4) {
    if (heicBrands.has(ascii(bytes, offset))) return true;
  }
  return false;
}

/**
 * Whether this browser can read the file as a photo: HEIC by its bytes, anything else by
 * decoding it. A browser with no decoder to ask (createImageBitmap) gets the benefit of the
 * doubt, and the server still checks every photo.
 */
export async function canReadPhoto(file: File): Promise<boolean> {
  try {
    if (isHeicFile(file)) return looksLikeHeic(await headBytes(file, 64));
  } catch {
    return false;
  }
  if (typeof createImageBitmap !== 'function') return true;
  try {
    const bitmap = await createImageBitmap(file);
    const readable = bitmap.width > 0 && bitmap.height > 0;
    bitmap.close();
    return readable;
  } catch {
    return false;
  }
}
