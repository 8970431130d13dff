// Builds multipart/form-data bodies by hand, so tests can also send broken ones.
import { randomBytes } from 'node:crypto';

export interface FilePart {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export function multipartBody(fields: Record<string, string | string[]>, files: FilePart[]): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----autorevive${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${item}\r\n`));
    }
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'images'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const validDetails = {
  name: 'Jane Customer',
  email: 'jane.customer@example.com',
  phone: '07700 900123',
  address: '221B Baker Street',
  city: 'London',
  county: 'Greater London',
  postcode: 'nw16xe',
  vehicleMake: 'Volkswagen',
  vehicleModel: 'Golf',
  vehicleYear: '2018',
  damageType: 'scratch',
  damageLocations: ['driver_door', 'wing_left'],
  damageDescription: 'A long key scratch along the driver door and onto the wing.',
};
