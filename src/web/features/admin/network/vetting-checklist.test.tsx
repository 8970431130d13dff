// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VettingView } from '../../../../shared/api/technician-applications';
import { jsonResponse, renderApp, stubFetch } from '../../../test/render-app';
import { VettingChecklist } from './vetting-checklist';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const view: VettingView = {
  id: 7,
  businessName: 'Bristol Dent Co',
  isVerified: true,
  appliedAt: null,
  yearsExperience: 8,
  website: null,
  insurance: { insurer: null, policyNumber: null, expiryDate: null },
  checks: { insurance: null, identity: null, skills: null },
  complete: false,
  photo: { url: '/api/technician-photos/0123456789abcdef0123456789abcdef?size=thumb', width: 300, height: 400 },
};

describe("the team takes down a technician's photo (issue 37)", () => {
  it('asks for a reason, pauses once with the consequence, then sends the reason and shows no photo', async () => {
    const sent: { method: string | undefined; body: unknown }[] = [];
    stubFetch((url, init) => {
      if (url !== '/api/admin/repairers/7/vetting' && url !== '/api/admin/repairers/7/photo') return jsonResponse({ message: `Unexpected ${url}` }, 404);
      if (url.endsWith('/photo')) {
        sent.push({ method: init?.method, body: JSON.parse(String(init?.body)) });
        return jsonResponse({ ...view, photo: null });
      }
      return jsonResponse(view);
    });
    renderApp('/', [{ path: '/', element: <VettingChecklist repairerId={7} /> }]);
    expect(await screen.findByRole('img', { name: 'The photo Bristol Dent Co shows customers' })).toHaveAttribute('width', '300');
    const button = screen.getByRole('button', { name: 'Take down photo' });
    // No reason yet: nothing to confirm.
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Why take the photo down?'), { target: { value: 'Not a photo of the technician' } });
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Take down this photo?' });
    expect(dialog).toHaveTextContent('It is deleted at once and customers no longer see it; the technician can upload another.');
    expect(sent).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down photo' }));
    expect(await screen.findByText('No photo uploaded.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', body: { reason: 'Not a photo of the technician' } }]));
    expect(screen.queryByRole('img')).toBeNull();
  });
});
