// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';
import { defaultPriceList, type PriceList, type PriceListEntry } from '../../../shared/price-list';

const admin = { user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } };
// The server answers in its own order (damage type, then band, alphabetically): the screen orders by SPEC's list.
const stored: PriceList = [...defaultPriceList].sort((a, b) => a.damageType.localeCompare(b.damageType) || a.locationBand - b.locationBand);

type Handler = (url: string, init?: RequestInit) => Response | undefined;

function serve(extra: Handler = () => undefined) {
  return stubFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === '/api/auth/me') return jsonResponse(admin);
    if (url === '/api/admin/price-list' && (init?.method ?? 'GET') === 'GET') return jsonResponse(stored);
    return jsonResponse({ message: `Unexpected ${url}` }, 404);
  });
}

const puts = (fetchMock: ReturnType<typeof serve>) => fetchMock.mock.calls.filter(([url, init]) => url === '/api/admin/price-list' && init?.method === 'PUT');

async function band(type: string, bandName: string) {
  const group = await screen.findByRole('group', { name: type });
  return within(within(group).getByRole('group', { name: bandName }));
}

const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save price list' }));

beforeEach(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the price list screen', () => {
  it('shows every damage type, alloy wheels included, by number of locations, in pounds', async () => {
    serve();
    renderApp('/admin/price-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Price list' })).toBeInTheDocument();
    for (const name of ['Scratch Repair', 'Scuff Removal', 'Paintless Dent Removal (PDR)', 'Paint Touch-Up', 'Alloy Wheel Repair']) {
      expect(await screen.findByRole('group', { name })).toBeInTheDocument();
    }
    const scratch = await band('Scratch Repair', '1 location');
    expect(scratch.getByLabelText('Labour (£)')).toHaveValue('75.00');
    expect(scratch.getByLabelText('Materials (£)')).toHaveValue('20.00');
    expect(scratch.getByLabelText('Hours')).toHaveValue('2.5');
    expect(scratch.getByLabelText('Labour line wording')).toHaveValue('Scratch repair: flat, fill, colour-match and blend');
    // (£75 + £20) × 1.2 fee × 1.2 VAT.
    expect(scratch.getByText('For 1 location the customer pays £136.80 with fee and VAT.')).toBeInTheDocument();
    const wheels = await band('Alloy Wheel Repair', '3 or more wheels');
    expect(wheels.getByLabelText('Labour (£)')).toHaveValue('35.00');
  });

  it('refuses a negative, non-numeric or empty figure and empty wording, on each field, and sends nothing', async () => {
    const fetchMock = serve();
    renderApp('/admin/price-list');
    const scratch = await band('Scratch Repair', '1 location');
    const dent = await band('Paintless Dent Removal (PDR)', '2 locations');
    type(scratch.getByLabelText('Labour (£)'), '-5');
    type(scratch.getByLabelText('Parts (£)'), 'abc');
    type(scratch.getByLabelText('Materials (£)'), '');
    type(scratch.getByLabelText('Hours'), '2.3');
    type(dent.getByLabelText('Materials line wording'), '   ');
    type(dent.getByLabelText('Hours'), 'two');
    type(dent.getByLabelText('Labour (£)'), '12.345');
    save();

    const expected: [ReturnType<typeof within>, string, string][] = [
      [scratch, 'Labour (£)', 'Labour cannot be negative'],
      [scratch, 'Parts (£)', 'Parts must be an amount in pounds, such as 480.00'],
      [scratch, 'Materials (£)', 'Materials must be an amount in pounds, such as 480.00'],
      [scratch, 'Hours', 'Hours must be in quarter hours'],
      [dent, 'Materials line wording', 'Materials wording is required'],
      [dent, 'Hours', 'Hours must be a number, such as 2.5'],
      [dent, 'Labour (£)', 'Labour must be in pounds and pence, with at most 2 decimal places'],
    ];
    for (const [group, label, message] of expected) {
      const field = group.getByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      const error = document.getElementById(`${field.id}-error`);
      expect(error).toHaveTextContent(message);
      expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(`${field.id}-error`);
    }
    const summary = screen.getByRole('alert', { name: 'There are 7 problems with the price list' });
    expect(within(summary).getByRole('link', { name: 'Scratch Repair, 1 location: Labour cannot be negative' })).toHaveAttribute(
      'href',
      `#${scratch.getByLabelText('Labour (£)').id}`,
    );
    expect(within(summary).getByRole('link', { name: 'Paintless Dent Removal (PDR), 2 locations: Materials wording is required' })).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(0);

    // Fixing a field clears its message at once; the rest stay until they are fixed.
    type(scratch.getByLabelText('Labour (£)'), '80');
    expect(scratch.getByLabelText('Labour (£)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert', { name: 'There are 6 problems with the price list' })).toBeInTheDocument();
    expect(puts(fetchMock)).toHaveLength(0);
  });

  it('saves the whole list in pence with the change, and says so', async () => {
    const fetchMock = serve((url, init) => (init?.method === 'PUT' ? jsonResponse(JSON.parse(String(init.body))) : undefined));
    renderApp('/admin/price-list');
    const scratch = await band('Scratch Repair', '1 location');
    type(scratch.getByLabelText('Labour (£)'), '80.50');
    type(scratch.getByLabelText('Hours'), '2.75');
    type(scratch.getByLabelText('Labour line wording'), 'Scratch repair, blended');
    expect(scratch.getByText('For 1 location the customer pays £144.72 with fee and VAT.')).toBeInTheDocument();
    save();
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    const sent = JSON.parse(String(puts(fetchMock)[0]![1]?.body)) as PriceListEntry[];
    expect(sent).toHaveLength(15);
    expect(sent[0]).toEqual({ ...defaultPriceList[0], laborPence: 8050, hours: 2.75, labourWording: 'Scratch repair, blended' });
    expect(sent.slice(1)).toEqual(defaultPriceList.slice(1));
    expect(await screen.findByText('Price List Saved')).toBeInTheDocument();
    expect(screen.getByText('No unsaved changes.')).toBeInTheDocument();
  });

  it("puts the server's field messages on the fields they name", async () => {
    const message = 'Labour must be £10,000.00 or less';
    serve((url, init) =>
      init?.method === 'PUT'
        ? jsonResponse({ error: 'invalid_input', message: 'Please check the details you entered.', fieldErrors: { '4.laborPence': message } }, 400)
        : undefined,
    );
    renderApp('/admin/price-list');
    const scuff = await band('Scuff Removal', '2 locations');
    save();
    // The list goes in the screen's order: scratch 1–3, then scuff 1, 2 (index 4).
    await waitFor(() => expect(scuff.getByLabelText('Labour (£)')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByRole('link', { name: `Scuff Removal, 2 locations: ${message}` })).toBeInTheDocument();
    expect(await screen.findByText('The price list was not saved: Please check the details you entered.')).toBeInTheDocument();
  });

  it('is reached from the admin dashboard', async () => {
    serve((url) =>
      url === '/api/admin/stats'
        ? jsonResponse({ totalEnquiries: 0, pendingQuotes: 0, revenue: '0.00', revenueBreakdown: { fees: '0.00', margin: '0.00', refunds: '0.00' }, repairers: 0 })
        : url.startsWith('/api/admin/quotes?') || url.startsWith('/api/admin/enquiries')
          ? jsonResponse({ items: [], total: 0, page: 1, pageSize: 10 })
          : undefined,
    );
    const { router } = renderApp('/admin');
    fireEvent.click(await screen.findByRole('link', { name: 'Edit the price list' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Price list' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/price-list');
  });
});
