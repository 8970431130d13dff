import { site } from '../../../shared/site';

/**
 * D2: the network size is the count of verified repairers, and is never phrased as a
 * number while that count is unknown or below the threshold in site.ts.
 */
export function networkSizePhrase(count: number | null): string {
  if (count === null || !Number.isFinite(count) || count < site.networkFigureThreshold) {
    return 'a growing network of vetted local technicians';
  }
  return `${Math.floor(count).toLocaleString('en-GB')} vetted technicians`;
}

interface NetworkSizeProps {
  /** Verified repairers, from GET /api/site; null until it has loaded. */
  count: number | null;
  /** Capitalise the first letter when the phrase starts a sentence or a label. */
  sentenceStart?: boolean;
}

export function NetworkSize({ count, sentenceStart = false }: NetworkSizeProps) {
  const phrase = networkSizePhrase(count);
  return <>{sentenceStart ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase}</>;
}
