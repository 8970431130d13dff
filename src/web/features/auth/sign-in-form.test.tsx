// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp, stubFetch } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function submit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('announces field errors without calling the server', async () => {
    const fetchMock = stubFetch(() => jsonResponse({}));
    renderApp('/sign-in');
    await submit('not-an-email', '');
    expect(await screen.findByText('Please enter a valid e-mail address')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the details are not right on 401', async () => {
    stubFetch(() => jsonResponse({ message: 'Invalid credentials' }, 401));
    renderApp('/sign-in');
    await submit('ops@example.co.uk', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is not right.');
  });

  it("shows the server's message on 429", async () => {
    stubFetch(() => jsonResponse({ message: 'Too many attempts. Try again in 15 minutes.' }, 429));
    renderApp('/sign-in');
    await submit('ops@example.co.uk', 'pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });

  it('posts the details and goes to the safe next path', async () => {
    const fetchMock = stubFetch(() =>
      jsonResponse({ user: { id: 3, email: 'van@example.co.uk', role: 'repairer', name: 'Van', repairerId: 7 } }),
    );
    const { router } = renderApp('/sign-in?next=%2Frepairer%3Ftab%3Djobs');
    await submit(' van@example.co.uk ', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/repairer'));
    expect(router.state.location.search).toBe('?tab=jobs');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-in', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'van@example.co.uk', password: 'secret' }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Repairer dashboard' })).toBeInTheDocument();
  });

  it('ignores an off-site next and goes to the role home', async () => {
    stubFetch(() => jsonResponse({ user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } }));
    const { router } = renderApp('/sign-in?next=%2F%2Fevil.example');
    await submit('ops@example.co.uk', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('signs out and returns to sign-in', async () => {
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/sign-out'
        ? new Response(null, { status: 204 })
        : jsonResponse({ user: { id: 1, email: 'ops@example.co.uk', role: 'admin', name: 'Ops', repairerId: null } }),
    );
    const { router } = renderApp('/admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/sign-out', { method: 'POST', credentials: 'include' });
  });
});
