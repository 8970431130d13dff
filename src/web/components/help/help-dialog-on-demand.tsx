import { useState } from 'react';
import { onDemand } from '../on-demand';
import { useHelpDialog } from './help-dialog-context';

const loadHelpDialog = async () => (await import('./help-dialog')).HelpDialog;
const LazyHelpDialog = onDemand(loadHelpDialog);

/** Starts fetching the guide when a pointer moves over, or focus reaches, a Help control. */
export function preloadHelpDialog(): void {
  loadHelpDialog().catch(() => undefined);
}

/** The Quick Troubleshooting Guide, fetched the first time it is opened. */
export function HelpDialogOnDemand() {
  const { open } = useHelpDialog();
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  return wanted ? <LazyHelpDialog /> : null;
}
