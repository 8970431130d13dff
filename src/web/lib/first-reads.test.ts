import { describe, expect, it } from 'vitest';
import { firstReadsFor, preloadLinkHeader } from '../../shared/first-reads';
import { assessmentQueryKey } from '../features/assessments/api/get-assessment';
import { heldAppointmentKey, quoteKey } from '../features/booking/api/booking-query-keys';
import { paymentConfigKey } from '../features/checkout/api/checkout-api';
import { urlFromQueryKey } from './api';

// Issue 36: the server preloads a customer screen's first reads with its HTML. The browser answers
// the screen's fetch from the preload only when the URLs are the same, so each is the URL of the
// query key the screen reads it under.
describe('first reads preloaded with a customer screen', () => {
  const none = new URLSearchParams();

  it('are the URLs of the keys the quote, booking and checkout screens read on mount', () => {
    expect(firstReadsFor('/quote/:id', { id: '12' }, none)).toEqual([urlFromQueryKey(assessmentQueryKey('12'))]);
    expect(firstReadsFor('/booking/:quoteId', { quoteId: '7' }, none)).toEqual([urlFromQueryKey(quoteKey('7')), urlFromQueryKey(heldAppointmentKey('7'))]);
    expect(firstReadsFor('/checkout', {}, new URLSearchParams('?quote_id=7'))).toEqual([
      urlFromQueryKey(paymentConfigKey),
      urlFromQueryKey(quoteKey('7')),
      urlFromQueryKey(heldAppointmentKey('7')),
    ]);
  });

  it('name nothing but digits from the address, and nothing for other routes', () => {
    expect(firstReadsFor('/quote/:id', { id: '12>; rel=preload' }, none)).toEqual([]);
    expect(firstReadsFor('/booking/:quoteId', { quoteId: '../admin' }, none)).toEqual([]);
    expect(firstReadsFor('/checkout', {}, new URLSearchParams('?quote_id=abc'))).toEqual([urlFromQueryKey(paymentConfigKey)]);
    expect(firstReadsFor('/checkout', {}, none)).toEqual([urlFromQueryKey(paymentConfigKey)]);
    expect(firstReadsFor('/assessment', {}, none)).toEqual([]);
  });

  it('are fetched with the visitor’s cookies, as the screens fetch them', () => {
    expect(preloadLinkHeader(['/api/quotes/7', '/api/quotes/7/held-appointment'])).toBe(
      '</api/quotes/7>; rel=preload; as=fetch; crossorigin=use-credentials, </api/quotes/7/held-appointment>; rel=preload; as=fetch; crossorigin=use-credentials',
    );
  });
});
