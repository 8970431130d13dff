// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentView } from '../../../shared/api/assessments';
import { site } from '../../../shared/site';
import { dismissToast } from '../../components/ui/use-toast';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';
import { assessmentView } from '../../test/fixtures';

const STORAGE_KEY = 'autorevive.assessment-details';

type Answer = { status: number; body: unknown };

/** What POST /api/assessments answers, whole, as src/shared/api/assessments.ts declares it. */
const created: AssessmentView = assessmentView({
  name: 'Jane Smith',
  email: 'jane@example.co.uk',
  damageLocations: ['left_wing'],
  damageDescription: 'A long scratch',
  images: [1],
});

/** Stands in for XMLHttpRequest: records each request and answers from a queue. */
class FakeXhr {
  static sent: Array<{ url: string; headers: Record<string, string>; body: FormData }> = [];
  static answers: Answer[] = [];
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    const answer = FakeXhr.answers.shift() ?? { status: 500, body: { message: 'No answer queued' } };
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 500, total: 1000 });
      this.status = answer.status;
      this.responseText = JSON.stringify(answer.body);
      this.onload?.();
    }, 0);
  }
}

const details = {
  name: 'Priya Shah',
  email: 'priya@example.co.uk',
  phone: '07700 900123',
  address: '12 Park Road',
  city: 'Bristol',
  county: 'Avon',
  postcode: 'bs1 5ty',
  vehicleMake: 'Ford',
  vehicleModel: 'Focus',
  vehicleYear: '2019',
};
const labels: Record<keyof typeof details, string> = {
  name: 'Full name',
  email: 'E-mail address',
  phone: 'Phone number',
  address: 'Street address',
  city: 'Town or city',
  county: 'County',
  postcode: 'Postcode',
  vehicleMake: 'Make',
  vehicleModel: 'Model',
  vehicleYear: 'Year',
};

const photo = (name = 'door.jpg') => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });
const continueButton = () => screen.getByRole('button', { name: 'Continue to Details' });

async function addPhotos(...files: File[]) {
  fireEvent.change(await screen.findByLabelText(/Choose photos|Add more photos/), { target: { files } });
}

/** Step 2's 'Continue to Review', then step 3's 'Submit Assessment' (SPEC's submit is on the review step). */
async function submitFromReview() {
  fireEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Submit Assessment' }));
}

/** Step 1's damage (issue 37: before any contact detail), then on to step 2. */
async function continueWithDamage() {
  fireEvent.click(screen.getByLabelText("Driver's door"));
  fireEvent.change(screen.getByLabelText('Describe the damage'), { target: { value: 'Long scratch along the driver door' } });
  fireEvent.click(continueButton());
  await screen.findByRole('heading', { level: 2, name: 'Your details' });
}

function fillDetails() {
  for (const [field, value] of Object.entries(details)) {
    fireEvent.change(screen.getByLabelText(labels[field as keyof typeof details]), { target: { value } });
  }
}

/** What GET /api/price-guide answers for each query, as the server would for the seeded list. */
const guides: Record<string, { low: string; high: string } | null> = {
  'scratch/driver_door': { low: '105.00', high: '165.00' },
  'scratch/driver_door,wing_left': { low: '190.00', high: '290.00' },
};
const priceGuideAsked: string[] = [];

// Five test runs share two cores: give findBy… more than its default second.
configure({ asyncUtilTimeout: 4000 });

// The routes are lazy: load their modules once up front, so the first test does not spend its
// findBy timeout on importing them on a busy machine.
beforeAll(async () => {
  await Promise.all([import('../../routes/customer/assessment'), import('../../routes/customer/thank-you')]);
}, 30_000);
beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.setItem('autorevive.cookie-consent', 'declined');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  FakeXhr.sent = [];
  FakeXhr.answers = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  priceGuideAsked.length = 0;
  stubFetch((url) => {
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname !== '/api/price-guide') return jsonResponse({ message: 'Not found' }, 404);
    const key = `${parsed.searchParams.get('damageType')}/${parsed.searchParams.get('damageLocations')}`;
    priceGuideAsked.push(key);
    return jsonResponse({ guidePrice: guides[key] ?? null });
  });
});
afterEach(() => {
  act(() => dismissToast());
  cleanup();
  vi.unstubAllGlobals();
});

describe('assessment wizard', () => {
  it('shows three steps and gates Continue to Details on a photo; Back to Photos keeps photos and details', async () => {
    renderApp('/assessment');
    expect(await screen.findByRole('heading', { level: 2, name: 'Upload photos of the damage' })).toBeInTheDocument();
    const progress = screen.getByRole('navigation', { name: 'Progress' });
    for (const step of ['Upload Photos', 'Customer Details', 'Review']) expect(progress).toHaveTextContent(step);
    expect(continueButton()).toBeDisabled();

    await addPhotos(photo());
    expect(continueButton()).toBeEnabled();
    expect(screen.getByLabelText('Scratch Repair')).toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(14);
    // The damage is asked for before any contact detail: Continue checks it first.
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
    fireEvent.click(continueButton());
    await waitFor(() => expect(screen.getByLabelText('Bonnet')).toHaveFocus());
    expect(screen.getByText('Please select at least one damage location')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("Driver's door"));
    await waitFor(() => expect(screen.queryByText('Please select at least one damage location')).not.toBeInTheDocument());
    fireEvent.change(screen.getByLabelText('Describe the damage'), { target: { value: 'Long scratch along the driver door' } });
    fireEvent.click(continueButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toHaveFocus();
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Priya Shah' } });

    fireEvent.click(screen.getByRole('button', { name: 'Back to Photos' }));
    expect(screen.getByText('1/10 files selected')).toBeInTheDocument();
    expect(screen.getByLabelText("Driver's door")).toBeChecked();
    fireEvent.click(continueButton());
    expect(await screen.findByLabelText('Full name')).toHaveValue('Priya Shah');
  });

  it('shows the typical price as soon as the damage type and places are chosen, before any contact detail', async () => {
    renderApp('/assessment');
    await addPhotos(photo());
    expect(await screen.findByText('Choose the type of damage and where it is to see a typical price.')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText("Driver's door"));
    expect(await screen.findByText('Typical price for repairs like this: £105–£165, confirmed by our team')).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Left wing'));
    expect(await screen.findByText('Typical price for repairs like this: £190–£290, confirmed by our team')).toBeInTheDocument();
    expect(priceGuideAsked).toEqual(['scratch/driver_door', 'scratch/driver_door,wing_left']);
    // Damage the list cannot price says who will price it; nothing personal was asked for.
    fireEvent.click(screen.getByLabelText('Scuff Removal'));
    expect(await screen.findByText('Our team will price this repair from your photos.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Full name')).not.toBeInTheDocument();
  });

  it('keeps typed details (never photos) in session storage and restores them after a reload', async () => {
    const first = renderApp('/assessment');
    await addPhotos(photo());
    await continueWithDamage();
    fillDetails();
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY)!)).toMatchObject({ name: 'Priya Shah', damageLocations: ['driver_door'] }));
    expect(window.sessionStorage.length).toBe(1);
    expect(window.sessionStorage.getItem(STORAGE_KEY)).not.toContain('door.jpg');
    first.unmount();

    renderApp('/assessment');
    expect(await screen.findByText(/We kept the details you typed/)).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await addPhotos(photo());
    expect(screen.getByLabelText("Driver's door")).toBeChecked();
    fireEvent.click(continueButton());
    expect(await screen.findByLabelText('Full name')).toHaveValue('Priya Shah');
    expect(screen.getByLabelText('Postcode')).toHaveValue('bs1 5ty');
  });

  it('after a reload on a later step, stays on step 1 while the photos are chosen again', async () => {
    // A reload keeps the history entry's step, but not the photos: the wizard shows step 1.
    // Choosing the first photo again must not jump to the step the entry remembered, or a
    // customer adding photos one at a time is taken away after the first.
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ name: 'Priya Shah' }));
    const { router } = renderApp({ pathname: '/assessment', state: { wizardStep: 3, from: 2 } });
    expect(await screen.findByText(/We kept the details you typed/)).toBeInTheDocument();
    await addPhotos(photo('door.jpg'));
    expect(await screen.findByText('1/10 files selected')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Upload photos of the damage' })).toBeInTheDocument();
    await addPhotos(photo('wing.jpg'));
    expect(await screen.findByText('2/10 files selected')).toBeInTheDocument();
    await continueWithDamage();
    expect(screen.getByRole('heading', { level: 2, name: 'Your details' })).toHaveFocus();
    expect(screen.getByLabelText('Full name')).toHaveValue('Priya Shah');
    // The browser's Back from here is step 1 again, with the photos.
    act(() => void router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Upload photos of the damage' })).toBeInTheDocument();
    expect(screen.getByText('2/10 files selected')).toBeInTheDocument();
  });

  it("announces SPEC's messages for missing details without sending anything", async () => {
    renderApp('/assessment');
    await addPhotos(photo());
    await continueWithDamage();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));
    const summary = await screen.findByRole('alert', { name: /problems with your details/ });
    // GOV.UK's pattern (issue 33): the summary above the fields takes focus, not the first field.
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent('Name must be at least 2 characters');
    // The damage was checked on step 1, before any of these were asked for (issue 37).
    expect(summary).not.toHaveTextContent('Please select at least one damage location');
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    // Its links lead to their fields; a second failed submit comes back to it.
    fireEvent.click(within(summary).getByRole('link', { name: 'Name must be at least 2 characters' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));
    await waitFor(() => expect(screen.getByRole('alert', { name: /problems with your details/ })).toHaveFocus());
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('sends details and photos with an Idempotency-Key, then goes to /thank-you with the server’s reference', async () => {
    FakeXhr.answers.push({ status: 201, body: created });
    const { router } = renderApp('/assessment');
    await addPhotos(photo('door.jpg'), photo('wing.jpg'));
    fireEvent.click(screen.getByLabelText('Left wing'));
    await continueWithDamage();
    fillDetails();
    await submitFromReview();

    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    expect(router.state.location.search).toBe('?ref=AR-7K3Q-9XPM&id=41');
    expect(await screen.findByText('AR-7K3Q-9XPM')).toBeInTheDocument();
    // The toaster is fetched with the first toast (issue 36).
    expect(await screen.findByText('Assessment Submitted!')).toBeInTheDocument();
    expect(screen.getByText(`Your quote will arrive ${site.quoteTurnaround}.`)).toBeInTheDocument();
    expect(window.sessionStorage.getItem(STORAGE_KEY)).toBeNull();

    const [request] = FakeXhr.sent;
    expect(request!.url).toBe('/api/assessments');
    expect(request!.headers['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(request!.body.get('postcode')).toBe('BS1 5TY');
    expect(request!.body.get('damageType')).toBe('scratch');
    expect(request!.body.getAll('damageLocations')).toEqual(['driver_door', 'wing_left']);
    expect((request!.body.getAll('images') as File[]).map((file) => file.name)).toEqual(['door.jpg', 'wing.jpg']);
  });

  it("shows the server's message, puts field errors on their fields, and retries with the same key", async () => {
    FakeXhr.answers.push(
      { status: 503, body: { message: 'We are very busy. Please try again.' } },
      { status: 400, body: { message: 'Please check the details you entered.', fieldErrors: { phone: 'Please enter a valid phone number' } } },
    );
    renderApp('/assessment');
    await addPhotos(photo());
    await continueWithDamage();
    fillDetails();
    await submitFromReview();

    expect(await screen.findByText('Submission Failed')).toBeInTheDocument();
    expect(screen.getAllByText('We are very busy. Please try again.').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent[1]!.headers['Idempotency-Key']).toBe(FakeXhr.sent[0]!.headers['Idempotency-Key']);

    await waitFor(() => expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(/Please enter a valid phone number/));
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('reviews photos and every detail at step 3, and each Edit link returns to its step with focus on it', async () => {
    renderApp('/assessment');
    await addPhotos(photo('door.jpg'));
    await continueWithDamage();
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Check and send' })).toHaveFocus();
    expect(screen.getByRole('navigation', { name: 'Progress' }).querySelector('[aria-current="step"]')).toHaveTextContent('Review');
    expect(await screen.findByRole('img', { name: 'Photo 1: door.jpg' })).toHaveAttribute('src', 'blob:preview');
    const about = screen.getByRole('region', { name: 'About you' });
    expect(about).toHaveTextContent('Priya Shah');
    expect(about).toHaveTextContent('priya@example.co.uk');
    expect(about).toHaveTextContent('07700 900123'); // as UK readers write it, not +447700900123
    expect(screen.getByRole('region', { name: 'Where the car is' })).toHaveTextContent('BS1 5TY'); // as it will be sent
    const damage = screen.getByRole('region', { name: 'The damage' });
    expect(damage).toHaveTextContent('Scratch Repair');
    expect(damage).toHaveTextContent("Driver's door");
    expect(damage).toHaveTextContent('Long scratch along the driver door');
    expect(FakeXhr.sent).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Edit About you' }));
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit The damage' }));
    await waitFor(() => expect(screen.getByLabelText('Scratch Repair')).toHaveFocus());
    expect(screen.getByRole('heading', { level: 2, name: 'Upload photos of the damage' })).toBeInTheDocument();
    fireEvent.click(continueButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Continue to Review' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Photos' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Upload photos of the damage' })).toHaveFocus();
    expect(screen.getByText('1/10 files selected')).toBeInTheDocument();
  });

  it('offers Alloy Wheel Repair with the four wheel positions instead of the body, and sends them', async () => {
    FakeXhr.answers.push({ status: 201, body: created });
    const { router } = renderApp('/assessment');
    await addPhotos(photo());
    fireEvent.click(screen.getByLabelText("Driver's door"));
    fireEvent.change(screen.getByLabelText('Describe the damage'), { target: { value: 'Kerbed on two wheels' } });
    fireEvent.click(screen.getByLabelText('Alloy Wheel Repair'));
    await waitFor(() => expect(screen.getAllByRole('checkbox')).toHaveLength(4));
    expect(screen.queryByLabelText("Driver's door")).not.toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Front left wheel'));
    fireEvent.click(screen.getByLabelText('Rear right wheel'));
    fireEvent.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    fillDetails();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Review' }));
    const damage = await screen.findByRole('region', { name: 'The damage' });
    expect(damage).toHaveTextContent('Alloy Wheel Repair');
    expect(damage).toHaveTextContent('Front left wheel, Rear right wheel');
    expect(damage).not.toHaveTextContent("Driver's door"); // the body location ticked earlier was dropped
    fireEvent.click(screen.getByRole('button', { name: 'Submit Assessment' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/thank-you'));
    const [request] = FakeXhr.sent;
    expect(request!.body.get('damageType')).toBe('alloy_wheel');
    expect(request!.body.getAll('damageLocations')).toEqual(['wheel_front_left', 'wheel_rear_right']);
  });

  it("takes the customer back to step 2 when the server refuses a detail, with the error on its field", async () => {
    FakeXhr.answers.push({ status: 400, body: { message: 'Please check the details you entered.', fieldErrors: { postcode: 'Please enter a UK postcode' } } });
    renderApp('/assessment');
    await addPhotos(photo());
    await continueWithDamage();
    fillDetails();
    await submitFromReview();
    expect(await screen.findByRole('heading', { level: 2, name: 'Your details' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Postcode')).toHaveFocus());
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(/Please enter a UK postcode/);
    expect(screen.getByRole('button', { name: 'Continue to Review' })).toBeInTheDocument();
  });

  it("will not continue past step 1 with a file the browser cannot read as a photo", async () => {
    vi.stubGlobal('createImageBitmap', async (file: File) => {
      if (file.name === 'notes.jpg') throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      return { width: 10, height: 10, close: () => undefined };
    });
    renderApp('/assessment');
    await addPhotos(photo('door.jpg'), photo('notes.jpg'));
    expect(await screen.findByText(/This file isn't a photo we can read/)).toBeInTheDocument();
    expect(screen.getByText("Remove the file we can't read to continue.")).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 2: notes.jpg' }));
    expect(continueButton()).toBeEnabled();
  });
});
