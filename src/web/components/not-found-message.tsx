import { Link } from './navigation/router';
import { buttonClasses } from './ui/button';

// D23: the server answers unknown paths with HTTP 404 and this message.
export function NotFoundMessage() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-teal-brand-dark uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold text-navy-900">Page not found</h1>
      <p className="mt-4 text-lg text-slate-800">
        Sorry, we could not find that page. It may have moved, or the link may have a typo in it.
      </p>
      <NotFoundActions />
    </div>
  );
}

/** Where to go from a page or record that is not there. */
export function NotFoundActions() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/" className={buttonClasses('primary')}>
        Go to the home page
      </Link>
      <Link to="/assessment" className={buttonClasses('outline')}>
        Get a free quote
      </Link>
    </div>
  );
}
