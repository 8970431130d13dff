// Per-photo upload progress. XMLHttpRequest reports only bytes sent of the whole body, so each
// photo's share is read from where it sits in the multipart body: text fields first, then the
// photos in order. Browsers choose their own boundary, so positions are estimated and then
// scaled to the real total the progress event reports.

export type ByteRange = { start: number; end: number };

export type MultipartLayout = { ranges: ByteRange[]; total: number };

type FilePart = { name: string; type: string; size: number };

// Chrome's boundary is '----WebKitFormBoundary' and 16 characters: 38 in all.
const BOUNDARY_LENGTH = 38;
const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;
const boundaryLine = 2 + BOUNDARY_LENGTH + 2;

function fieldPartBytes(name: string, value: string): number {
  return boundaryLine + bytes(`Content-Disposition: form-data; name="${name}"\r\n\r\n`) + bytes(value) + 2;
}

function fileHeaderBytes(field: string, file: FilePart): number {
  const type = file.type || 'application/octet-stream';
  return boundaryLine + bytes(`Content-Disposition: form-data; name="${field}"; filename="${file.name}"\r\nContent-Type: ${type}\r\n\r\n`);
}

/** Estimates the byte range of each file in a body of `fields` followed by `files`. */
export function multipartLayout(fields: ReadonlyArray<readonly [string, string]>, fileField: string, files: readonly FilePart[]): MultipartLayout {
  let offset = fields.reduce((sum, [name, value]) => sum + fieldPartBytes(name, value), 0);
  const ranges = files.map((file) => {
    const start = offset + fileHeaderBytes(fileField, file);
    offset = start + file.size + 2;
    return { start, end: start + file.size };
  });
  return { ranges, total: offset + 2 + BOUNDARY_LENGTH + 4 };
}

/** How much of each file (0 to 1) has been sent once `loaded` of `total` bytes have gone. */
export function fileFractions(layout: MultipartLayout, loaded: number, total: number): number[] {
  const scale = total > 0 && layout.total > 0 ? total / layout.total : 1;
  return layout.ranges.map(({ start, end }) => {
    if (loaded >= total) return 1;
    const from = start * scale;
    const to = end * scale;
    if (to <= from) return loaded >= to ? 1 : 0;
    return Math.min(1, Math.max(0, (loaded - from) / (to - from)));
  });
}
