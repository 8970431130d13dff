// Issue 37 item 5: the booking's VAT invoice or credit note as a PDF, for its customer (their
// grant, D10) and the team only: anyone else, the technician included, gets the same 404 as for a
// booking that does not exist, or one not yet invoiced.
import type { InvoiceKind } from '../../../../shared/invoice';
import type { Db } from '../../../db/database';
import { notFound } from '../../../kernel/errors';
import { customerRecordAccess, type Viewer } from '../../access';
import { findAppointmentRecord } from '../appointments.repo';
import { invoicePdfFileName, renderInvoicePdf } from './invoice-pdf';
import { invoicesOfAppointment } from './invoices.repo';

export const invoiceMessages = {
  notFound: 'There is no invoice for this booking.',
} as const;

export async function readInvoicePdf(db: Db, appointmentId: number, kind: InvoiceKind, viewer: Viewer): Promise<{ filename: string; pdf: Buffer }> {
  const record = await findAppointmentRecord(db, appointmentId);
  if (!record) throw notFound(invoiceMessages.notFound);
  const access = customerRecordAccess(viewer, { assessmentId: record.assessmentId });
  if (access !== 'customer' && access !== 'admin') throw notFound(invoiceMessages.notFound);
  const invoice = (await invoicesOfAppointment(db, appointmentId)).find((row) => row.kind === kind);
  if (!invoice) throw notFound(invoiceMessages.notFound);
  return { filename: invoicePdfFileName(invoice.facts), pdf: await renderInvoicePdf(invoice.facts) };
}
