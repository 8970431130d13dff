// Bookings without a technician (issue 35 item 4, D16, docs/decisions/0027): a paid booking whose
// offers have all ended (expired or declined) with nobody taking it, or that dispatch found
// nobody to offer. The team sees them with the technicians who could still take one and offers it
// to one (POST /api/admin/quotes/{id}/send-to-repairer); 24 hours before the slot the customer is
// offered another slot or a full refund.
import { z } from 'zod';
import { TimeSlotSchema } from './appointments';

/** A technician who could still take the booking: eligible for it (shared rule, D15) and not one who declined it. */
export const PossibleTechnicianSchema = z.object({
  repairerId: z.number(),
  businessName: z.string(),
  phone: z.string().nullable(),
  /** Miles from the customer, one decimal. */
  distance: z.number(),
});

export const UnassignedBookingSchema = z.object({
  appointmentId: z.number(),
  quoteId: z.number(),
  assessmentId: z.number(),
  reference: z.string(),
  appointmentDate: z.string(),
  timeSlot: TimeSlotSchema,
  damageType: z.string(),
  city: z.string(),
  postcode: z.string(),
  /** Offers made for this booking, and how many of them were declined. */
  offersMade: z.number(),
  declined: z.number(),
  /** When the team was e-mailed about it (this time it fell back to nobody), or null. */
  teamToldAt: z.string().nullable(),
  /** When the customer was offered another slot or a refund, or null. */
  customerToldAt: z.string().nullable(),
  /** Nearest first; empty once the slot has begun. */
  technicians: z.array(PossibleTechnicianSchema),
});
export type UnassignedBooking = z.infer<typeof UnassignedBookingSchema>;
export const UnassignedBookingsSchema = z.array(UnassignedBookingSchema);
