import { useEffect, useState } from 'react';
import type { AnyDamageType } from '../../../shared/damage';
import type { ServicePrices } from '../../../shared/api/price-guide';
import { decimalStringToPence, formatPence } from '../../../shared/money';
import { apiJsonAs } from '../../lib/api';

// Issue 37 item 1: each service's "from" price, read from the price list as it is now (GET
// /api/price-guide/services) after the page has painted, so an admin's edit shows on the next
// visit although the page itself is prerendered (docs/decisions/0031). Prerendered HTML and the
// first client render say no figure, so hydration matches; the figure replaces a phrase of one
// line, so nothing below moves.

type FromPrices = Partial<Record<AnyDamageType, number>>;
let prices: Promise<FromPrices> | undefined;

/** The "from" prices in pence, read once per page load; {} if they cannot be read. */
export function loadServicePrices(): Promise<FromPrices> {
  // Read without the schema, to keep zod out of the public pages' bundle (the server writes it through it).
  prices ??= apiJsonAs<ServicePrices>('GET', '/api/price-guide/services').then(
    (body) => {
      const found: FromPrices = {};
      for (const price of body?.prices ?? []) {
        const pence = price.from === null ? null : decimalStringToPence(price.from);
        if (pence !== null) found[price.damageType] = pence;
      }
      return found;
    },
    () => ({}),
  );
  return prices;
}

function useServicePrices(): FromPrices {
  const [found, setFound] = useState<FromPrices>({});
  useEffect(() => {
    let live = true;
    void loadServicePrices().then((value) => {
      if (live) setFound(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return found;
}

/** '£105': the guide is always a multiple of £5. */
const wholePounds = (pence: number) => formatPence(pence).replace(/\.00$/, '');

// Issue 37: true whether or not the company charges VAT (COMPANY_VAT_NUMBER=none): every page
// carries this note, so it does not read the company's details; the quote says which.
export const servicePriceNote =
  'Typical prices are what you pay, any VAT included, for one damaged panel or wheel. Our team confirms your price from your photos before you book.';

/** "Typical price from £105" once the list has answered; until then (and without script), the free quote. */
export function ServiceFromPrice({ damageType, className }: { damageType: AnyDamageType; className?: string }) {
  const from = useServicePrices()[damageType];
  return (
    <p className={className}>
      {from === undefined ? (
        'Free quote from your photos'
      ) : (
        <>
          Typical price from <span className="font-bold">{wholePounds(from)}</span>
        </>
      )}
    </p>
  );
}
