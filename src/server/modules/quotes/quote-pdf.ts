// D21: 'Download PDF Quote' gives a real PDF of the quote: A4, branded, in pounds and en-GB
// dates (D5), with the company's details from the settings (issue 14: config.company). Only pdfkit's built-in
// Helvetica is used, so nothing is downloaded or bundled; it prints Windows-1252 text, so other
// characters are simplified first (see printable).
import { registeredOfficeLine, type CompanyDetails } from '../../../shared/company';
import { allDamageLocationLabels, allDamageTypeLabels, isAnyDamageLocation, isAnyDamageType } from '../../../shared/damage';
import { formatLondonDate } from '../../../shared/london-time';
import { formatPence } from '../../../shared/money';
import { needsPartsOrdering } from '../../../shared/quote-parts';
import type { QuoteLineItem } from '../../../shared/price-list';
import { VAT_RATE_PERCENT } from '../../../shared/pricing';
import { noVatSentence } from '../../../shared/vat';
import { site } from '../../../shared/site';
import { bold, grey, navy, openA4Pdf, printable, regular, rule as line } from '../../kernel/pdf';

/** What the PDF shows, already read and authorised by the caller; amounts in pence, days as 'YYYY-MM-DD' in London. */
export interface QuotePdfView {
  reference: string;
  issuedDate: string;
  customerName: string;
  /** The outward code only, e.g. 'BS1': the PDF may be forwarded, so it carries no full address. */
  postcodeDistrict: string;
  vehicle: string;
  damageType: string;
  damageLocations: readonly string[];
  lineItems: readonly QuoteLineItem[];
  laborPence: number;
  partsPence: number;
  materialsPence: number;
  feePence: number;
  vatPence: number;
  totalPence: number;
  validUntilDate: string;
  warrantyMonths: number;
  estimatedDays: number;
}

export { printable };

/** 'AutoRevive-quote-AR-000123.pdf'; anything but letters, digits and hyphens is dropped from the reference. */
export function quotePdfFileName(reference: string): string {
  const safe = reference.replace(/[^A-Za-z0-9-]/g, '') || 'quote';
  return `${site.brand}-quote-${safe}.pdf`;
}

function damageText(view: QuotePdfView): string {
  const type = isAnyDamageType(view.damageType) ? allDamageTypeLabels[view.damageType] : view.damageType;
  const where = view.damageLocations.map((location) => (isAnyDamageLocation(location) ? allDamageLocationLabels[location] : location));
  return where.length > 0 ? `${type}: ${where.join(', ')}` : type;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Renders the quote as an A4 PDF. */
export function renderQuotePdf(view: QuotePdfView, company: CompanyDetails): Promise<Buffer> {
  const { doc, done, left, width } = openA4Pdf({ Title: `${site.brand} quote ${view.reference}`, Author: printable(company.name), Subject: 'Repair quote' });
  const text = (value: string) => printable(value);

  // Header: the brand on the left, the document's reference and date on the right.
  doc.font(bold).fontSize(24).fillColor(navy).text(site.brand, left, 50);
  doc.font(regular).fontSize(10).fillColor(grey).text(site.tagline);
  doc.font(bold).fontSize(16).fillColor(navy).text('Repair quote', left, 50, { width, align: 'right' });
  doc.font(regular).fontSize(10).fillColor('black');
  doc.text(`Reference: ${text(view.reference)}`, { width, align: 'right' });
  doc.text(`Date: ${formatLondonDate(view.issuedDate)}`, { width, align: 'right' });
  doc.moveTo(left, 110).lineTo(left + width, 110).strokeColor(line).stroke();

  // Who and what the quote is for.
  doc.x = left;
  doc.y = 125;
  const detail = (label: string, value: string) => {
    doc.font(bold).text(`${label}: `, { continued: true }).font(regular).text(text(value));
  };
  detail('Customer', `${view.customerName}, ${view.postcodeDistrict}`);
  detail('Vehicle', view.vehicle);
  detail('Damage', damageText(view));
  doc.moveDown();

  // Line items, then the breakdown. Amounts right-aligned so pdftotext -layout keeps each on its row.
  const money = { align: { x: 'right' as const, y: 'top' as const } };
  doc.table({
    columnStyles: ['*', 110],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: line, padding: 6 },
    data: [
      [
        { text: 'Work', font: { src: bold }, backgroundColor: '#f1f5f9' },
        { text: 'Amount', font: { src: bold }, backgroundColor: '#f1f5f9', ...money },
      ],
      ...view.lineItems.map((item) => [text(item.description), { text: formatPence(item.costPence), ...money }]),
    ],
  });
  doc.moveDown();

  const totals: Array<[string, number]> = [
    ['Labour', view.laborPence],
    // SPEC section 9's parts: the parts and materials together (each is its own line item above).
    ['Parts and materials', view.partsPence + view.materialsPence],
    [`${site.brand} service fee`, view.feePence],
    // Issue 37: a quote priced with no VAT (the company not VAT registered) has no VAT line; the note below says so.
    ...(view.vatPence > 0 ? [[`VAT (${VAT_RATE_PERCENT}%)`, view.vatPence] as [string, number]] : []),
  ];
  doc.x = left;
  doc.table({
    position: { x: left + width - 260 },
    columnStyles: [150, 110],
    defaultStyle: { border: 0, padding: 3 },
    data: [
      ...totals.map(([label, pence]) => [label, { text: formatPence(pence), ...money }]),
      [
        { text: 'Total', font: { src: bold, size: 13 }, border: { top: 1 }, borderColor: navy },
        { text: formatPence(view.totalPence), font: { src: bold, size: 13 }, border: { top: 1 }, borderColor: navy, ...money },
      ],
    ],
  });
  doc.x = left;
  doc.moveDown();

  detail('Valid until', formatLondonDate(view.validUntilDate));
  detail('Warranty', plural(view.warrantyMonths, 'month'));
  // Issue 33: parts ordering only for a repair with parts to order, as the quote page says.
  const needsParts = needsPartsOrdering(view.partsPence, view.lineItems.map((item) => ({ name: item.description, pence: item.costPence })));
  detail('Estimated work', `${plural(view.estimatedDays, 'day')} on site${needsParts ? ', plus 2–3 working days to order parts' : ''}`);
  doc.moveDown();

  // D22 and D6: who does the work, and what happens to the money.
  doc.fontSize(9).fillColor(grey).text(
    `${site.brand} connects you with independent, vetted repairers, who carry out the repair and are responsible ` +
      'for their work and its warranty. Your payment is held until the repair is completed. ' +
      'The price shown is the price you pay: there are no hidden fees.' +
      (view.vatPence > 0 ? '' : ` ${noVatSentence}.`),
    { width },
  );

  // The company's details at the foot of the page: who it is (Companies Act), then support.
  const footerY = doc.page.height - doc.page.margins.bottom - 59;
  doc.moveTo(left, footerY - 8).lineTo(left + width, footerY - 8).strokeColor(line).stroke();
  doc.fontSize(8).fillColor(grey);
  const footer = [
    `${company.name}, registered in ${company.registeredIn}, company number ${company.number}${company.vatNumber ? ` · VAT number ${company.vatNumber}` : ''}`,
    `Registered office: ${registeredOfficeLine(company)}`,
    `${company.supportPhone} · ${company.supportEmail}`,
    `Support hours: ${company.supportHoursSentence}`,
  ];
  footer.forEach((row, index) => doc.text(text(row), left, footerY + index * 11, { width, align: 'center', lineBreak: false }));

  doc.end();
  return done;
}
