import type { CustomerDetails } from '../../../shared/customer-details';
import { CustomerDetailsSchema } from '../../../shared/customer-details';
import { formatUkPhone } from '../../../shared/phone';
import { schemaResolver } from '../../lib/schema-check';
import type { DetailsFormValues } from './saved-details';

// The details' check: the schema the server parses (one definition, D8), with zod and
// libphonenumber's metadata behind it. Fetched through details-check.ts, never imported statically.

export const detailsResolver = schemaResolver(CustomerDetailsSchema);

/** The details as they will be sent (postcode tidied, the phone as a UK reader writes it), or null when step 2 would refuse them. */
export function detailsAsSent(values: DetailsFormValues): (CustomerDetails & { phoneShown: string }) | null {
  const parsed = CustomerDetailsSchema.safeParse(values);
  return parsed.success ? { ...parsed.data, phoneShown: formatUkPhone(parsed.data.phone) } : null;
}
