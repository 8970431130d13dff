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
