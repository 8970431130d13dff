// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../../../shared/site';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';
import type { AssessmentView as Assessment } from '../../../shared/api/assessments';
import type { QuoteView as Quote } from '../../../shared/api/quotes';

const assessment: Assessment = {
  id: 41,
  reference: 'AR-7K3Q-9XPM',
  status: 'submitted',
  name: 'Priya Shah',
  email: 'priya@example.co.uk',
  phone: '+447700900123',
  address: '12 Park Road',
  city: 'Bristol',
  county: 'Avon',
  postcode: 'BS1 5TY',
  vehicleYear: '2019',
  vehicleMake: 'Ford',
  vehicleModel: 'Focus',
  damageType: 'scratch',
  damageLocations: ['driver_door'],
  damageLocation: 'driver_door',
  damageDescription: 'Long scratch along the driver door',
  images: [7, 8],
  createdAt: '2026-03-02T10:00:00.000Z',
  customer: {
    name: 'Priya Shah',
    email: 'priya@example.co.uk',
    phone: '+447700900123',
    address: '12 Park Road',
    city: 'Bristol',
    county: 'Avon',
    postcode: 'BS1 5TY',
    state: 'Avon',
    zipCode: 'BS1 5TY',
  },
  quote: null,
  guidePrice: null,
};

const quote: Quote = {
  id: 5,
  assessmentId: 41,
  laborCost: '480.00',
  partsCost: '1170.00',
  materialsCost: '0.00',
  autoReviveFee: '330.00',
  vatAmount: '396.00',
  totalCost: '2376.00',
  totalPrice: '2376.00',
  repairerPayment: '1320.00',
  estimatedDays: 2,
  estimatedHours: 12,
  workDescription: [
    { item: 'Door panel respray', cost: 650 },
    { item: 'Blend into wing', cost: 120.5 },
  ],
  validUntil: '2099-11-23',
  warrantyMonths: 12,
  status: 'approved',
  assignmentStatus: 'unassigned',
  createdAt: '2026-03-02T12:00:00.000Z',
  reference: 'AR-7K3Q-9XPM',
  expired: false,
  approvedAt: '2026-03-02T12:00:00.000Z',
};

beforeEach(() => window.localStorage.setItem('autorevive.cookie-consent', 'declined'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('quote page', () => {
  it('says the quote is being prepared, with the D4 turnaround, when there is none yet', async () => {
    const fetchMock = stubFetch(() => jsonResponse(assessment));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Generating Your Quote' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(site.quoteTurnaround))).toBeInTheDocument();
    expect(screen.getByText('priya@example.co.uk')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Damage photo 2' })).toHaveAttribute('src', '/api/images/8?size=thumb');
    expect(fetchMock).toHaveBeenCalledWith('/api/assessments/41', expect.objectContaining({ credentials: 'include' }));
    expect(fetchMock).toHaveBeenCalledTimes(1); // D12: no sample quote is posted
  });

  it('shows the approved quote: Ready, items, Total Estimate, timeline, validity and warranty', async () => {
    stubFetch(() => jsonResponse({ ...assessment, quote }));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your repair quote' })).toBeInTheDocument();
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText('Door panel respray').nextSibling).toHaveTextContent('£650.00');
    expect(screen.getByText('Blend into wing').nextSibling).toHaveTextContent('£120.50');
    expect(screen.getByText('Labour').nextSibling).toHaveTextContent('£480.00');
    expect(screen.getByText('Parts').nextSibling).toHaveTextContent('£1,170.00');
    expect(screen.getByText('Total Estimate').nextSibling).toHaveTextContent('£2,376.00');
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('2–3 business days')).toBeInTheDocument();
    expect(within(timeline).getByText('2 days')).toBeInTheDocument();
    expect(within(timeline).getByText('Same day')).toBeInTheDocument();
    expect(timeline).toHaveTextContent('Estimated completion: 5–6 business days');
    expect(screen.getByText('Monday 23 November 2099')).toBeInTheDocument();
    expect(screen.getByText('12 months on the repair')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accept Quote & Book Appointment' })).toHaveAttribute('href', '/booking/5');
    expect(screen.getByRole('button', { name: 'Request Quote Modification' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Download PDF Quote' })).toBeDisabled();
  });

  it('shows Assessment Not Found for a 404 and for an id that is not a number', async () => {
    stubFetch(() => jsonResponse({ message: "The assessment you're looking for could not be found." }, 404));
    renderApp('/quote/41');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessment Not Found' })).toBeInTheDocument();
    expect(screen.getByText("The assessment you're looking for could not be found.")).toBeInTheDocument();
    cleanup();
    renderApp('/quote/abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'Assessment Not Found' })).toBeInTheDocument();
  });
});
