// Needs poppler-utils (pdftotext, pdfinfo) on the machine, as CI must install.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultCompanyDetails } from '../../../shared/company';
import { printable, quotePdfFileName, renderQuotePdf, type QuotePdfView } from './quote-pdf';

const dir = mkdtempSync(join(tmpdir(), 'quote-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const view: QuotePdfView = {
  reference: 'AR-000123',
  issuedDate: '2026-03-02',
  customerName: 'Zoë Łukasiewicz',
  postcodeDistrict: 'BS1',
  vehicle: '2019 Ford Focus',
  damageType: 'alloy_wheel',
  damageLocations: ['wheel_front_left', 'wheel_rear_left'],
  lineItems: [
    { description: 'Alloy wheel repair: strip, fill, prime, paint and lacquer', costPence: 70000 },
    { description: 'Replacement centre caps', costPence: 7500 },
    { description: 'Filler, wheel paint, lacquer and consumables', costPence: 8300 },
  ],
  laborPence: 70000,
  partsPence: 7500,
  materialsPence: 8300,
  feePence: 17160,
  vatPence: 20592,
  totalPence: 123552,
  validUntilDate: '2026-04-01',
  warrantyMonths: 12,
  estimatedDays: 1,
};

async function render(input: QuotePdfView): Promise<{ pdf: Buffer; text: string; info: string }> {
  const pdf = await renderQuotePdf(input, defaultCompanyDetails);
  const file = join(dir, `${input.reference}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { pdf, text, info };
}

describe('renderQuotePdf', () => {
  it('renders one branded A4 page with the reference, figures and dates', async () => {
    const { pdf, text, info } = await render(view);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Title:\s+AutoRevive quote AR-000123/);

    expect(text).toContain('AutoRevive');
    expect(text).toContain('Reference: AR-000123');
    expect(text).toContain('Date: Monday 2 March 2026');
    expect(text).toMatch(/Total\s+£1,235\.52/);
    expect(text).toMatch(/VAT \(20%\)\s+£205\.92/);
    expect(text).toMatch(/AutoRevive service fee\s+£171\.60/);
    expect(text).toMatch(/Replacement centre caps\s+£75\.00/);
    expect(text).toContain('Valid until: Wednesday 1 April 2026');
    expect(text).toContain('Warranty: 12 months');
    expect(text).toContain('Estimated work: 1 day on site');
    expect(text).toContain('2019 Ford Focus');
    expect(text).toContain('Alloy Wheel Repair: Front left wheel, Rear left wheel');
    expect(text).toContain('Zoë Lukasiewicz, BS1');
    expect(text).toMatch(/independent, vetted repairers/);
    expect(text).toContain('12 Harbour Yard');
    expect(text).toContain('support@autorevive.co.uk');
  });

  it('prints a four-figure total with its thousands separator', async () => {
    const { text } = await render({ ...view, reference: 'AR-000124', totalPence: 123456, lineItems: [] });
    expect(text).toMatch(/Total\s+£1,234\.56/);
  });

  it('flows long quotes onto further pages rather than off the page', async () => {
    const lineItems = Array.from({ length: 40 }, (_, index) => ({ description: `Item ${index + 1}`, costPence: 1000 }));
    const { text, info } = await render({ ...view, reference: 'AR-000125', lineItems });
    expect(info).toMatch(/Pages:\s+2\n/);
    expect(text).toContain('Item 40');
    expect(text).toMatch(/Total\s+£1,235\.52/);
  });
});

describe('quote PDF helpers', () => {
  it('names the download after the reference', () => {
    expect(quotePdfFileName('AR-000123')).toBe('AutoRevive-quote-AR-000123.pdf');
    expect(quotePdfFileName('../AR 7"\r\n')).toBe('AutoRevive-quote-AR7.pdf');
    expect(quotePdfFileName('')).toBe('AutoRevive-quote-quote.pdf');
  });

  it('keeps what Helvetica prints and simplifies the rest', () => {
    expect(printable('Zoë’s café – £5 €')).toBe('Zoë’s café – £5 €');
    expect(printable('Łukasz Gęborski')).toBe('Lukasz Geborski');
    expect(printable('Tab\there ✓ 東')).toBe('Tab here ? ?');
  });
});
