// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicPages, renderPublicPage } from '../entry-server';
import { PublicApp } from './public-app';

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('prerendered public pages', () => {
  it.each(publicPages.map((page) => page.path))('%s hydrates without a mismatch', async (path) => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ verifiedRepairerCount: 300, paymentsMode: 'test' }))));
    const container = document.createElement('div');
    container.innerHTML = await renderPublicPage(path);
    document.body.append(container);
    const page = publicPages.find((candidate) => candidate.path === path)!;
    const Page = await page.load();
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));

    const root = await act(async () =>
      hydrateRoot(container, <PublicApp pathname={path} Page={Page} />, {
        onRecoverableError: (error) => errors.push(error),
      }),
    );

    expect(errors).toEqual([]);
    expect(container.querySelectorAll('h1')).toHaveLength(1);
    expect(document.documentElement.dataset.hydrated).toBe('true');
    act(() => root.unmount());
    consoleError.mockRestore();
  });
});
