import type { Quote } from '../quotes/quote-types';

// SPEC section 3's Assessment as read, with the server's reference (e.g. 'AR-7K3Q-9XPM').
export type Assessment = {
  id: number;
  reference: string;
  status: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  county: string;
  postcode: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
  damageType: string;
  damageLocations: string[];
  damageLocation: string;
  damageDescription: string;
  /** Image ids, for /api/images/{id}. */
  images: number[];
  createdAt: string;
  /** Present once an admin has approved it (D12). */
  quote: Quote | null;
};

/** A photo the customer has chosen, before it is sent. */
export type SelectedPhoto = { id: string; file: File };
