import { Component, lazy, Suspense, useId, useState, type ComponentType, type ReactNode } from 'react';

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

/**
 * A button's dialog fetched on demand (`onDemand`): `opened` turns true at the first click and
 * stays so, so the dialog is mounted from then on and closes (returning focus to the button) as a
 * dialog does. `buttonProps`: the button's id, aria-haspopup, aria-expanded and click.
 */
export function useDialogOnDemand() {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const buttonId = useId();
  const buttonProps = {
    id: buttonId,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': open,
    onClick: () => {
      setOpened(true);
      setOpen(true);
    },
  };
  return { open, setOpen, opened, buttonId, buttonProps };
}
