// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { dismissToast } from '../../components/ui/use-toast';
import { tooManyPhotosMessage } from '../../../shared/customer-details';
import { appointmentView } from '../../test/fixtures';
import { jsonResponse, stubFetch } from '../../test/render-app';
import { MarkJobDone } from './index';

afterEach(() => {
  act(() => dismissToast());
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
});

function show(props: Parameters<typeof MarkJobDone>[0]) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MarkJobDone {...props} />
    </AppProviders>,
  );
}

const jpeg = (name = 'after.jpg', size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });
const choose = (files: File[]) => fireEvent.change(screen.getByLabelText('Photos of the finished repair (optional)'), { target: { files } });
const completed = () => jsonResponse(appointmentView({ status: 'completed', aftercare: { ...appointmentView().aftercare, completedAt: '2026-03-04T15:00:00.000Z' } }));

describe('MarkJobDone', () => {
  it('before the appointment day says when it can be marked done, and offers no button', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-03T12:00:00Z'));
    const fetchMock = stubFetch(() => jsonResponse({}));
    show({ appointmentId: 31, appointmentDate: '2026-03-04' });
    expect(screen.getByText('You can mark this job done on the day of the appointment.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the chosen after photos as a multipart form and says it is done', async () => {
    const fetchMock = stubFetch(() => completed());
    const onDone = vi.fn();
    show({ appointmentId: 31, appointmentDate: '2026-03-04', onDone });
    fireEvent.click(screen.getByRole('button', { name: 'Mark the job as done' }));
    choose([jpeg('front.jpg'), jpeg('side.heic')]);
    expect(screen.getByText('2 photos chosen')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Marked as done. We have asked the customer to confirm the repair');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([String(url), init?.method]).toEqual(['/api/repairer/appointments/31/complete', 'POST']);
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['front.jpg', 'side.heic']);
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('without photos sends no form, just the call', async () => {
    const fetchMock = stubFetch(() => completed());
    show({ appointmentId: 31 });
    fireEvent.click(screen.getByRole('button', { name: 'Mark the job as done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    await screen.findByRole('status');
    expect(fetchMock.mock.calls[0]![1]?.body).toBe('{}');
  });

  it('refuses more than 10 photos or a file that is not a photo before sending anything', () => {
    const fetchMock = stubFetch(() => completed());
    show({ appointmentId: 31 });
    fireEvent.click(screen.getByRole('button', { name: 'Mark the job as done' }));
    choose(Array.from({ length: 11 }, (_, index) => jpeg(`p${index}.jpg`)));
    expect(screen.getByRole('alert')).toHaveTextContent(tooManyPhotosMessage);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    choose([new File(['hello'], 'notes.txt', { type: 'text/plain' })]);
    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt: File type must be JPEG, PNG, WebP or HEIC');
    expect(screen.getByLabelText('Photos of the finished repair (optional)')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's sentence when it refuses, and stays open to try again", async () => {
    stubFetch(() => jsonResponse({ message: 'You can mark this job done on the day of the appointment.' }, 409));
    show({ appointmentId: 31 });
    fireEvent.click(screen.getByRole('button', { name: 'Mark the job as done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can mark this job done on the day of the appointment.');
    expect(screen.getByRole('button', { name: 'Mark as done' })).toBeEnabled();
  });
});
