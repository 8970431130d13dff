import { useState } from 'react';
import { onDemand } from '../on-demand';
import { useToast } from './use-toast';

const LazyToaster = onDemand(async () => (await import('./toaster')).Toaster);

/** Mounts the Radix toaster when the first toast is raised (D20), not on every page view. */
export function ToasterOnDemand() {
  const { toasts } = useToast();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  return wanted ? <LazyToaster /> : null;
}
