// Three small repairer websites on 127.0.0.1 for the e-mail collection browser test
// (tests/e2e/email-collection.test.ts), started once by the e2e global setup, with a repairer
// for each in every lane. The lanes' servers may visit exactly these host:port pairs through
// COLLECTOR_ALLOW_HOSTS (a test-only setting the config refuses in production); every other
// loopback, private or link-local address stays refused.
import type { Db } from '../../src/server/db/database';
import { createRepairer } from '../../src/server/db/factories';
import { html, pages, startSite, type LocalSite } from '../helpers/local-sites';

export interface CollectionSites {
  sites: LocalSite[];
  /** For COLLECTOR_ALLOW_HOSTS. */
  allowHosts: string;
  close(): Promise<void>;
}

export const collectionSiteNames = ['Brightside Smart Repairs', 'Dent Doctors Leeds', 'Quiet Lane Bodywork'] as const;

export async function startCollectionSites(): Promise<CollectionSites> {
  const sites = [
    await startSite(
      pages({
        '/robots.txt': 'User-agent: *\nDisallow: /admin/\n',
        '/': html('<h1>Brightside Smart Repairs</h1><a href="/contact">Contact us</a>'),
        '/contact': html('<p>Call 0113 496 0000 or <a href="mailto:info@brightside-repairs.co.uk">e-mail us</a>.</p>'),
      }),
    ),
    await startSite(pages({ '/': html('<h1>Dent Doctors</h1><p>Bookings: bookings [at] dentdoctors [dot] co [dot] uk</p>') })),
    await startSite(pages({ '/': html('<h1>Quiet Lane Bodywork</h1><p>Call us on 0161 496 0000.</p>') })),
  ];
  return {
    sites,
    allowHosts: sites.map((s) => `127.0.0.1:${s.port}`).join(','),
    close: async () => {
      for (const s of sites) await s.close();
    },
  };
}

/** A repairer for each site, waiting for an address (verified, so the network's filters are unchanged; no position, so no job is offered to them). */
export async function seedCollectionRepairers(db: Db, { sites }: CollectionSites): Promise<void> {
  for (const [i, s] of sites.entries()) {
    await createRepairer(db, { businessName: collectionSiteNames[i]!, website: `http://127.0.0.1:${s.port}/`, email: null, emailSource: null, latitude: null, longitude: null, city: 'Leeds', postcode: 'LS1 4AP' });
  }
}
