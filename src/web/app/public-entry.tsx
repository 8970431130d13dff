import { publicPageFor } from './public-pages';

// The browser entry of the prerendered public pages (scripts/prerender.ts points their HTML
// here; the rest of the app boots from main.tsx). The page is complete HTML, so the first
// paint needs no script: React and the page's code are fetched once it has happened, then
// the page is hydrated without the router, the query client or any dialog library.
//
// Links and FAQ answers work before that; buttons (menu, help, Get Free Quote) need React.
// A button pressed before hydration starts it at once, and is pressed again once hydrated.

function afterFirstPaint(run: () => void) {
  requestAnimationFrame(() => setTimeout(run, 0));
  // A tab opened in the background gets no animation frames until it is shown.
  setTimeout(run, 1000);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root');
const page = publicPageFor(window.location.pathname);

if (container?.firstElementChild && page) {
  let started = false;
  let pressed: HTMLButtonElement | null = null;

  const rememberPress = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (!button || !container.contains(button)) return;
    pressed = button;
    start();
  };
  document.addEventListener('click', rememberPress, true);

  function start() {
    if (started) return;
    started = true;
    void Promise.all([import('./public-hydrate'), page!.load()]).then(async ([{ hydratePublicPage }, Page]) => {
      // Evaluating the modules and hydrating are separate tasks, neither of them long.
      await nextTask();
      // From here React takes presses itself: it hydrates at once and then handles them.
      document.removeEventListener('click', rememberPress, true);
      hydratePublicPage(container!, page!.path, Page, () => {
        const button = pressed;
        pressed = null;
        if (button?.isConnected) button.click();
      });
    }, () => {
      // The code could not be fetched (offline, or a newer deploy): the page stays as it was
      // prerendered, where every link still works.
    });
  }

  afterFirstPaint(start);
}
