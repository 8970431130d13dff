// The product's fetcher: public addresses only, unless a test names hosts whose loopback address
// it may visit (COLLECTOR_ALLOW_HOSTS, refused in production by the config).
import type { CollectorConfig } from '../../config/config';
import { policyAllowingLoopbackFor, systemResolver, type Resolver } from './address-policy';
import { SiteFetcher } from './site-fetcher';

export function createSiteFetcher(config: CollectorConfig, resolve: Resolver = systemResolver): SiteFetcher {
  return new SiteFetcher({
    policy: policyAllowingLoopbackFor(config.allowLoopbackHosts),
    resolve,
    userAgent: config.userAgent,
    pageTimeoutMs: config.pageTimeoutMs,
    maxBytes: config.maxPageBytes,
    maxRedirects: config.maxRedirects,
    hostIntervalMs: config.hostIntervalMs,
  });
}
