// SPEC section 3's Quote as GET /api/assessments/{id} returns it: money as decimal strings (D5).
export type QuoteWorkItem = { item: string; /** Pounds, e.g. 120.5 */ cost: number };

export type Quote = {
  id: number;
  assessmentId: number;
  laborCost: string;
  partsCost: string;
  materialsCost: string;
  autoReviveFee: string;
  vatAmount: string;
  totalCost: string;
  totalPrice: string;
  repairerPayment: string;
  estimatedDays: number;
  estimatedHours: number | null;
  workDescription: QuoteWorkItem[];
  /** YYYY-MM-DD, a London calendar day. */
  validUntil: string;
  warrantyMonths: number;
  status: string;
  assignmentStatus: string;
};
