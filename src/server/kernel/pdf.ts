// What the product's PDFs share (the quote, SPEC section 2's Download PDF; the VAT invoice and
// credit note, issue 37 item 5): A4 with 50 pt margins in pdfkit's built-in Helvetica, the brand's
// colours, and text made printable in Helvetica's Windows-1252 encoding.
import PDFDocument from 'pdfkit';

export const navy = '#1e3a5f';
export const grey = '#475569';
export const rule = '#cbd5e1';
export const bold = 'Helvetica-Bold';
export const regular = 'Helvetica';

// Helvetica's Windows-1252 characters beyond Latin-1: € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ.
const windows1252Extras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const noDecomposition: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ø: 'O', ø: 'o', ı: 'i', ß: 'ss' };

/** Text Helvetica can print: 'Łukasz Nowak' → 'Lukasz Nowak', 'Zoë' unchanged; anything else is '?'. */
export function printable(text: string): string {
  let result = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || windows1252Extras.has(char)) {
      result += char;
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      result += ' ';
    } else {
      const simplified = noDecomposition[char] ?? char.normalize('NFKD').replace(/\p{M}/gu, '');
      result += [...simplified].every((c) => c.codePointAt(0)! <= 0xff) && simplified !== '' ? simplified : '?';
    }
  }
  return result;
}


export interface OpenPdf {
  doc: PDFKit.PDFDocument;
  /** The whole file, once `doc.end()` has been called. */
  done: Promise<Buffer>;
  /** The left margin and the width between the margins, in points. */
  left: number;
  width: number;
}

/** An A4 document with 50 pt margins whose bytes are collected into `done`. */
export function openA4Pdf(info: PDFKit.DocumentInfo): OpenPdf {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = doc.page.margins.left;
  return { doc, done, left, width: doc.page.width - left - doc.page.margins.right };
}
