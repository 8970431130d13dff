// SPEC section 2 (Home): the 16 covered cities, with an outcode near each centre.
export interface City {
  slug: string;
  name: string;
  region: string;
  outcode: string;
  latitude: number;
  longitude: number;
}

export const cities: readonly City[] = [
  { slug: 'london', name: 'London', region: 'Greater London', outcode: 'WC2N', latitude: 51.5081, longitude: -0.1248 },
  { slug: 'birmingham', name: 'Birmingham', region: 'West Midlands', outcode: 'B1', latitude: 52.4797, longitude: -1.9026 },
  { slug: 'manchester', name: 'Manchester', region: 'Greater Manchester', outcode: 'M1', latitude: 53.4776, longitude: -2.2374 },
  { slug: 'leeds', name: 'Leeds', region: 'West Yorkshire', outcode: 'LS1', latitude: 53.7974, longitude: -1.5466 },
  { slug: 'liverpool', name: 'Liverpool', region: 'Merseyside', outcode: 'L1', latitude: 53.4018, longitude: -2.9801 },
  { slug: 'sheffield', name: 'Sheffield', region: 'South Yorkshire', outcode: 'S1', latitude: 53.3811, longitude: -1.4701 },
  { slug: 'bristol', name: 'Bristol', region: 'City of Bristol', outcode: 'BS1', latitude: 51.4514, longitude: -2.5973 },
  { slug: 'newcastle', name: 'Newcastle', region: 'Tyne and Wear', outcode: 'NE1', latitude: 54.9719, longitude: -1.6117 },
  { slug: 'nottingham', name: 'Nottingham', region: 'Nottinghamshire', outcode: 'NG1', latitude: 52.9536, longitude: -1.1505 },
  { slug: 'leicester', name: 'Leicester', region: 'Leicestershire', outcode: 'LE1', latitude: 52.6349, longitude: -1.1320 },
  { slug: 'coventry', name: 'Coventry', region: 'West Midlands', outcode: 'CV1', latitude: 52.4081, longitude: -1.5106 },
  { slug: 'bradford', name: 'Bradford', region: 'West Yorkshire', outcode: 'BD1', latitude: 53.7945, longitude: -1.7517 },
  { slug: 'edinburgh', name: 'Edinburgh', region: 'City of Edinburgh', outcode: 'EH1', latitude: 55.9507, longitude: -3.1893 },
  { slug: 'glasgow', name: 'Glasgow', region: 'Glasgow City', outcode: 'G1', latitude: 55.8609, longitude: -4.2514 },
  { slug: 'cardiff', name: 'Cardiff', region: 'Cardiff', outcode: 'CF10', latitude: 51.4796, longitude: -3.1770 },
  { slug: 'belfast', name: 'Belfast', region: 'County Antrim', outcode: 'BT1', latitude: 54.6007, longitude: -5.9286 },
];

export function findCity(slug: string): City | undefined {
  return cities.find((city) => city.slug === slug);
}
