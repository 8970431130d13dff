import { useEffect, useRef, useState } from 'react';
import { site } from '../../../shared/site';
import type { SiteInfo } from '../../../shared/api/site';
import { apiJson } from '../../lib/api';

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

let siteInfo: Promise<number | null> | undefined;

/** GET /api/site's verifiedRepairerCount, read once per page load; null if it cannot be read. */
export function loadVerifiedRepairerCount(): Promise<number | null> {
  // Checked by hand rather than with SiteInfoSchema, to keep zod out of the public pages' bundle.
  siteInfo ??= apiJson('GET', '/api/site').then(
    (body) => {
      const count: unknown = (body as Partial<Record<keyof SiteInfo, unknown>> | undefined)?.verifiedRepairerCount;
      return typeof count === 'number' ? count : null;
    },
    () => null,
  );
  return siteInfo;
}

/**
 * The live count, read after mount: prerendered HTML and the first client render both say
 * null (the number-free phrase), so hydration matches, and the figure appears afterwards.
 * `beforeChange` runs just before a count that changes the wording is applied.
 */
export function useVerifiedRepairerCount(enabled = true, beforeChange?: () => void): number | null {
  const [count, setCount] = useState<number | null>(null);
  const before = useRef(beforeChange);
  useEffect(() => {
    before.current = beforeChange;
  });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void loadVerifiedRepairerCount().then((value) => {
      if (!live || value === null) return;
      if (networkSizePhrase(value) !== networkSizePhrase(null)) before.current?.();
      setCount(value);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return count;
}

/**
 * The figure is shorter than the phrase it replaces, so the text around it may lose a line.
 * Keeping that block's height means nothing below it moves (no layout shift).
 */
function holdBlockHeight(element: HTMLElement | null) {
  let block = element?.parentElement ?? null;
  while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
  if (block && !block.style.minHeight) block.style.minHeight = `${block.getBoundingClientRect().height}px`;
}

interface NetworkSizeProps {
  /** A known count (tests, previews); left out, the live count from GET /api/site is used. */
  count?: number | null;
  /** Capitalise the first letter when the phrase starts a sentence or a label. */
  sentenceStart?: boolean;
}

export function NetworkSize({ count, sentenceStart = false }: NetworkSizeProps) {
  const span = useRef<HTMLSpanElement>(null);
  const live = useVerifiedRepairerCount(count === undefined, () => holdBlockHeight(span.current));
  const phrase = networkSizePhrase(count === undefined ? live : count);
  return <span ref={span}>{sentenceStart ? phrase.charAt(0).toUpperCase() + phrase.slice(1) : phrase}</span>;
}
