// The checkout feature's public face.
export { CheckoutForQuote } from './checkout-page';
