import { AppLink } from '../navigation/app-link';
import { site } from '../../../shared/site';

/** D1: the text logo and tagline. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <AppLink to="/" onClick={onNavigate} className="flex flex-col rounded-sm leading-tight">
      <span className="text-xl font-extrabold tracking-tight text-navy-900">{site.brand}</span>
      <span className="text-xs font-medium text-slate-700">{site.tagline}</span>
    </AppLink>
  );
}
