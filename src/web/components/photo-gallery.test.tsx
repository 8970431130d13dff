// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhotoGallery } from './photo-gallery';

afterEach(cleanup);

const thumbnail = (n: number) => screen.getByRole('button', { name: `Damage photo ${n} of 3: open full size` });

describe('PhotoGallery', () => {
  it('gives the keyboard back to the thumbnail of the photo last shown when the dialog closes', async () => {
    render(<PhotoGallery images={[11, 12, 13]} reference="AR-TEST-0001" />);
    // Opened from the first of three (one dialog serves them all): Escape comes back to the first, not the last.
    thumbnail(1).focus();
    fireEvent.click(thumbnail(1));
    expect(await screen.findByRole('dialog', { name: 'AR-TEST-0001: damage photo 1 of 3' })).toBeInTheDocument();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).toBe(thumbnail(1)));

    // Moved on to the second inside the dialog: it comes back to the second.
    fireEvent.click(thumbnail(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'AR-TEST-0001: damage photo 2 of 3' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.activeElement).toBe(thumbnail(2)));
  });
});
