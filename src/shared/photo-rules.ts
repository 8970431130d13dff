// SPEC section 5 and D7: what the photo widget and the server accept. The server still checks
// the bytes themselves (D7); the MIME types and extensions only filter the file picker.
export const photoRules = {
  maxFiles: 10,
  maxBytes: 10 * 1024 * 1024,
  acceptedMimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'],
  acceptedExtensions: ['.jpg', '.jpeg', '.png', '.webp', '.heic', '.heif'],
} as const;

export const photosRequiredMessage = 'Photos Required - Please upload at least one photo of the damage.';
/** D7: the help text says what is really accepted (SPEC's 'JPG or PNG only' is superseded). */
export const photoHelpText = 'JPG, PNG, WebP or HEIC, up to 10 MB each';
/** SPEC's 'File type must be ...' with D7's types: the browser's check and the server's decoding say the same (D8). */
export const photoTypeMessage = 'File type must be JPEG, PNG, WebP or HEIC';
const maxMegabytes = photoRules.maxBytes / (1024 * 1024);
// D8 keeps SPEC's generic rejection messages ('File is larger than N bytes', 'File is smaller
// than N bytes', 'Too many files') in the API's answers; each goes on to say what to do.
export const photoTooLargeMessage = `File is larger than ${photoRules.maxBytes} bytes: each photo must be ${maxMegabytes} MB or smaller`;
export const photoEmptyMessage = 'File is smaller than 1 byte: this file is empty';
export const tooManyPhotosMessage = 'Too many files: you can upload up to 10 photos';
/**
 * The browser knows which file it is, so it names it and says the size in megabytes rather
 * than SPEC's byte count (issue 33): "door.jpg is larger than 10 MB. Please choose a smaller photo".
 */
export const photoTooLargeForFile = (name: string) => `${name} is larger than ${maxMegabytes} MB. Please choose a smaller photo`;

/**
 * What is wrong with a chosen file, as a sentence that names it (`name`, by default the file's
 * own), or null. Judged by its declared type or name, and its size: either of type and name is
 * enough because some browsers declare no type for HEIC photos.
 */
export function photoFileProblem(file: { name: string; type: string; size: number }, name: string = file.name): string | null {
  const lowerName = file.name.toLowerCase();
  const knownType = (photoRules.acceptedMimeTypes as readonly string[]).includes(file.type.toLowerCase());
  const knownExtension = photoRules.acceptedExtensions.some((extension) => lowerName.endsWith(extension));
  if (!knownType && !knownExtension) return `${name}: ${photoTypeMessage}`;
  if (file.size <= 0) return `${name}: ${photoEmptyMessage}`;
  if (file.size > photoRules.maxBytes) return photoTooLargeForFile(name);
  return null;
}
