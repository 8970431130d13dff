import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';

// Parts of the shell that most visits never use (the help guide, the toaster) load on first
// use, so the public pages stay small. If their code cannot be fetched (offline, a deploy
// replaced it), the page carries on without them instead of failing as a whole.

class SkipOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A component whose code is fetched the first time it renders. `load` also serves as a preload. */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(async () => ({ default: await load() }));
  function OnDemand(props: P) {
    return (
      <SkipOnError>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
      </SkipOnError>
    );
  }
  return OnDemand;
}
