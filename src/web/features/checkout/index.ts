// The checkout feature's public face.
export { CheckoutForQuote, CheckoutLoading } from './checkout-page';
