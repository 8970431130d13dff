// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './toaster';
import { dismissToast, toast, TOAST_DURATION_MS } from './use-toast';

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.useRealTimers();
});

describe('toasts (D20)', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Quote Approved' });
      toast({ title: 'Booking Failed', description: 'That slot has just been taken.', variant: 'destructive' });
    });
    expect(screen.queryByText('Quote Approved')).not.toBeInTheDocument();
    expect(screen.getByText('Booking Failed')).toBeInTheDocument();
    expect(screen.getByText('That slot has just been taken.')).toBeInTheDocument();
  });

  it('dismisses after 5 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: 'Quote Updated' });
    });
    expect(screen.getByText('Quote Updated')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(TOAST_DURATION_MS + 100);
    });
    expect(screen.queryByText('Quote Updated')).not.toBeInTheDocument();
  });
});
