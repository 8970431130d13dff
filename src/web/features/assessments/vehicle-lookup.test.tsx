// @vitest-environment jsdom
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomerDetailsSchema, type CustomerDetails } from '../../../shared/customer-details';
import { AppProviders, createQueryClient } from '../../app/providers';
import { jsonResponse, stubFetch } from '../../test/render-app';
import { DetailsFields } from './details-fields';
import { emptyDetails, type DetailsFormValues } from './saved-details';

function Details() {
  const form = useForm<DetailsFormValues, unknown, CustomerDetails>({ resolver: zodResolver(CustomerDetailsSchema), defaultValues: emptyDetails });
  return (
    <form>
      <DetailsFields form={form} />
    </form>
  );
}

function renderDetails() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <Details />
    </AppProviders>,
  );
}

const site = (vehicleLookupEnabled: boolean) => jsonResponse({ verifiedRepairerCount: 3, paymentsMode: 'test', vehicleLookupEnabled });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('registration lookup in the details form', () => {
  it('is hidden when GET /api/site says the lookup is off', async () => {
    const fetchMock = stubFetch(() => site(false));
    renderDetails();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/site', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByLabelText(/Registration number/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Find my vehicle' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Make')).toBeInTheDocument();
  });

  it('fills make and year from the registration and announces what it found', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch((url) => (url === '/api/site' ? site(true) : new Promise<Response>((resolve) => (answer = resolve))));
    renderDetails();
    fireEvent.change(await screen.findByLabelText(/Registration number/), { target: { value: 'ab12 cde' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find my vehicle' }));

    // Waiting, it refuses presses but keeps the keyboard (aria-disabled, not disabled).
    const waiting = await screen.findByRole('button', { name: 'Looking up…' });
    expect(waiting).toHaveAttribute('aria-disabled', 'true');
    expect(waiting).not.toBeDisabled();
    fireEvent.click(waiting);
    expect(fetchMock.mock.calls.filter(([called]) => called === '/api/vehicle-lookup')).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toBe('/api/vehicle-lookup');
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify({ registration: 'ab12 cde' }) });
    answer(jsonResponse({ registration: 'AB12CDE', make: 'Ford', year: '2019', colour: 'Blue' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Found: 2019 Ford (Blue). Please add the model.'));
    expect(screen.getByLabelText('Make')).toHaveValue('Ford');
    expect(screen.getByLabelText('Year')).toHaveValue('2019');
    expect(screen.getByLabelText('Model')).toHaveValue('');
  });

  it("shows the server's message under the registration when the lookup fails", async () => {
    const message = 'We could not find a vehicle with that registration. Please check it, or enter the details yourself.';
    stubFetch((url) => (url === '/api/site' ? site(true) : jsonResponse({ error: 'not_found', message }, 404)));
    renderDetails();
    const input = await screen.findByLabelText(/Registration number/);
    fireEvent.change(input, { target: { value: 'NF00AAA' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(screen.getByLabelText('Make')).toHaveValue('');
  });
});
