// Issue 37 item 5: the VAT invoice (or credit note) as an A4 PDF, from the facts stored when it
// was issued. What HMRC asks a full VAT invoice to show: a unique number from one sequence, the
// date of issue, the date of supply, the supplier's name, address and VAT number, the customer's
// name and address, each line's description, VAT rate and amount, the totals without VAT, the
// VAT, and the total payable, in pounds sterling. pdfkit's built-in Helvetica, as the quote PDF.
import type { InvoiceFacts } from '../../../../shared/invoice';
import { formatLondonDate } from '../../../../shared/london-time';
import { formatPence } from '../../../../shared/money';
import { noVatSentence } from '../../../../shared/vat';
import { site } from '../../../../shared/site';
import { bold, grey, navy, openA4Pdf, printable, regular, rule } from '../../../kernel/pdf';

// Issue 37: a receipt (the company not VAT registered) has the same layout without the VAT number
// and the VAT columns: each line's amount is what was paid for it.
const titles = { invoice: 'VAT invoice', 'credit-note': 'Credit note', receipt: 'Receipt' } as const;
const title = (facts: InvoiceFacts) => titles[facts.kind];
const fileWords = { invoice: 'VAT-invoice', 'credit-note': 'credit-note', receipt: 'receipt' } as const;
const numberLabels = { invoice: 'Invoice number', 'credit-note': 'Credit note number', receipt: 'Receipt number' } as const;

/** 'AutoRevive-VAT-invoice-INV-000042.pdf', 'AutoRevive-credit-note-CN-000043.pdf', 'AutoRevive-receipt-RCT-000044.pdf'. */
export function invoicePdfFileName(facts: Pick<InvoiceFacts, 'kind' | 'number'>): string {
  return `${site.brand}-${fileWords[facts.kind]}-${facts.number.replace(/[^A-Za-z0-9-]/g, '')}.pdf`;
}

export function renderInvoicePdf(facts: InvoiceFacts): Promise<Buffer> {
  const { doc, done, left, width } = openA4Pdf({ Title: `${site.brand} ${title(facts)} ${facts.number}`, Author: printable(facts.company.name), Subject: title(facts) });
  const text = (value: string) => printable(value);
  // A credit note's amounts are what is given back: shown as minus.
  const sign = facts.kind === 'credit-note' ? '-' : '';
  const money = (pence: number) => `${pence === 0 ? '' : sign}${formatPence(pence)}`;

  doc.font(bold).fontSize(24).fillColor(navy).text(site.brand, left, 50);
  doc.font(bold).fontSize(16).fillColor(navy).text(title(facts), left, 50, { width, align: 'right' });
  doc.font(regular).fontSize(10).fillColor('black');
  doc.text(`${numberLabels[facts.kind]}: ${text(facts.number)}`, { width, align: 'right' });
  doc.text(`Date of issue: ${formatLondonDate(facts.issuedDate)}`, { width, align: 'right' });
  doc.text(`Date of supply: ${formatLondonDate(facts.supplyDate)}`, { width, align: 'right' });
  doc.moveTo(left, 125).lineTo(left + width, 125).strokeColor(rule).stroke();

  doc.x = left;
  doc.y = 140;
  const detail = (label: string, value: string) => doc.font(bold).text(`${label}: `, { continued: true }).font(regular).text(text(value));
  detail('From', facts.company.name);
  detail('Address', facts.company.address);
  if (facts.company.vatNumber !== null) detail('VAT number', facts.company.vatNumber);
  detail('Company number', `${facts.company.companyNumber} (registered in ${facts.company.registeredIn})`);
  doc.moveDown(0.5);
  detail('To', facts.customer.name);
  detail('Address', facts.customer.address);
  detail('Booking reference', facts.reference);
  if (facts.creditsInvoiceNumber) detail('Credits invoice', facts.creditsInvoiceNumber);
  doc.moveDown();

  const right = { align: { x: 'right' as const, y: 'top' as const } };
  const head = (value: string, alignRight = false) => ({ text: value, font: { src: bold }, backgroundColor: '#f1f5f9', ...(alignRight ? right : {}) });
  const receipt = facts.kind === 'receipt';
  doc.table(
    receipt
      ? {
          columnStyles: ['*', 120],
          defaultStyle: { border: { bottom: 0.5 }, borderColor: rule, padding: 6 },
          data: [[head('Description'), head('Amount', true)], ...facts.lines.map((line) => [text(line.description), { text: money(line.netPence + line.vatPence), ...right }])],
        }
      : {
          columnStyles: ['*', 90, 60, 90],
          defaultStyle: { border: { bottom: 0.5 }, borderColor: rule, padding: 6 },
          data: [
            [head('Description'), head('Net', true), head('VAT rate', true), head('VAT', true)],
            ...facts.lines.map((line) => [text(line.description), { text: money(line.netPence), ...right }, { text: `${line.vatRatePercent}%`, ...right }, { text: money(line.vatPence), ...right }]),
          ],
        },
  );
  doc.moveDown();
  doc.x = left;
  doc.table({
    position: { x: left + width - 260 },
    columnStyles: [150, 110],
    defaultStyle: { border: 0, padding: 3 },
    data: [
      ...(receipt
        ? []
        : [
            ['Total before VAT', { text: money(facts.netPence), ...right }],
            ['VAT', { text: money(facts.vatPence), ...right }],
          ]),
      [
        { text: facts.kind !== 'credit-note' ? 'Total paid' : 'Total refunded', font: { src: bold, size: 13 }, border: { top: 1 }, borderColor: navy },
        { text: formatPence(facts.totalPence), font: { src: bold, size: 13 }, border: { top: 1 }, borderColor: navy, ...right },
      ],
    ],
  });
  doc.x = left;
  doc.moveDown();
  doc.fontSize(9).fillColor(grey).text(
    facts.kind === 'receipt'
      ? `Paid in full by card.${facts.vatPence === 0 ? ` ${noVatSentence}.` : ''} All amounts in pounds sterling.`
      : facts.kind === 'invoice'
      ? 'Paid in full by card. All amounts in pounds sterling.'
      : `This credit note cancels invoice ${text(facts.creditsInvoiceNumber ?? '')}: the amount was refunded to the card that paid. All amounts in pounds sterling.`,
    { width },
  );
  doc.end();
  return done;
}
