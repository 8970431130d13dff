// D7: the server checks the bytes, never the file name or the declared type. This looks only
// at magic numbers, so SVG (script-capable), HTML, text and GIF never reach a decoder.

export type SniffedImageType = 'jpeg' | 'png' | 'webp' | 'heic';

/** How many leading bytes a caller should pass; ftyp boxes list their brands up front. */
export const SNIFF_BYTES = 256;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// HEVC-coded HEIF brands (image and sequence) that heic-decode can decode.
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
// Generic HEIF brands: the codec is known only from the compatible-brand list.
const GENERIC_HEIF_BRANDS = new Set(['mif1', 'msf1']);
// AV1 brands (AVIF). libheif-js is not built to decode them, so they are refused up front.
const AV1_BRANDS = new Set(['avif', 'avis']);

export function sniffImageType(firstBytes: Uint8Array): SniffedImageType | null {
  const b = firstBytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (PNG_SIGNATURE.every((byte, i) => b[i] === byte)) return 'png';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  return isHevcHeif(b) ? 'heic' : null;
}

/** ISO-BMFF: [size:u32]['ftyp'][major brand][minor version][compatible brands...]. */
function isHevcHeif(b: Uint8Array): boolean {
  if (b.length < 16 || ascii(b, 4, 8) !== 'ftyp') return false;
  const boxSize = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  if (boxSize < 16 || boxSize % 4 !== 0) return false;

  const major = ascii(b, 8, 12);
  if (HEVC_BRANDS.has(major)) return true;
  if (!GENERIC_HEIF_BRANDS.has(major)) return false;

  // 'mif1'/'msf1' say "HEIF" but not which codec: require an HEVC brand and no AV1 brand.
  const compatible: string[] = [];
  for (let at = 16; at + 4 <= Math.min(boxSize, b.length); at += 4) compatible.push(ascii(b, at, at + 4));
  if (compatible.some((brand) => AV1_BRANDS.has(brand))) return false;
  return compatible.some((brand) => HEVC_BRANDS.has(brand));
}

function ascii(b: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < end && i < b.length; i++) out += String.fromCharCode(b[i]!);
  return out;
}
