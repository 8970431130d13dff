// GET /api/quotes/{id}/pdf: the quote as an A4 PDF (D21). It is a plain link with `download`:
// the browser sends the access cookie with it and saves the file under the name the server
// gives it (AutoRevive-quote-{reference}.pdf).
export const quotePdfUrl = (quoteId: number) => `/api/quotes/${quoteId}/pdf`;
