// A repairer's business details as their row's columns, placed on the map by the base postcode:
// what a repairer saves on their profile and what the team enters when it adds a business by hand.
import type { ProfileBody } from '../../../shared/api/repairer-accounts';
import { badRequest } from '../../kernel/errors';
import { POSTCODE_NOT_LOCATED, type Geocoder } from '../geo';

type Details = Omit<ProfileBody, 'contactName' | 'phone'> & { contactName?: string | undefined; phone?: string | undefined };

/** The columns, or a 400 on the postcode when nobody can place it. */
export async function placedProfileColumns(geocoder: Geocoder, body: Details) {
  const location = await geocoder.locate(body.postcode);
  if (!location) throw badRequest(POSTCODE_NOT_LOCATED, { postcode: POSTCODE_NOT_LOCATED });
  return {
    businessName: body.businessName,
    contactName: body.contactName ?? null,
    phone: body.phone ?? null,
    city: body.city,
    postcode: body.postcode,
    latitude: location.latitude,
    longitude: location.longitude,
    serviceRadiusMiles: body.serviceRadius,
    specialisations: [...new Set(body.specializations)],
  };
}
