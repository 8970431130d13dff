// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCompanySettings } from '../../shared/company';
import { companyDetailsScript } from '../../shared/company-html';
import { publicPages, renderPublicPage } from '../entry-server';
import { setCompanyDetailsForBuild } from '../lib/company';
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

  it.each(['/contact', '/terms'])('%s built with other company settings hydrates with them, read from the page (issue 14)', async (path) => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ verifiedRepairerCount: 300, paymentsMode: 'test' }))));
    const settings = readCompanySettings({ COMPANY_NAME: 'Northern Dent Co Ltd', COMPANY_NUMBER: 'SC123456', SUPPORT_PHONE: '0141 496 0000' });
    if ('problems' in settings) throw new Error(settings.problems.join());
    // As the build does: render with the settings and write them into the page's head.
    setCompanyDetailsForBuild(settings.details);
    const container = document.createElement('div');
    container.innerHTML = await renderPublicPage(path);
    document.head.insertAdjacentHTML('beforeend', companyDetailsScript(settings.details));
    document.body.append(container);
    // As the browser starts: nothing known until it reads the page.
    setCompanyDetailsForBuild(undefined);
    const Page = await publicPages.find((candidate) => candidate.path === path)!.load();
    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    try {
      const root = await act(async () => hydrateRoot(container, <PublicApp pathname={path} Page={Page} />, { onRecoverableError: (error) => errors.push(error) }));
      expect(errors).toEqual([]);
      expect(container.textContent).toContain('company number SC123456');
      expect(container.querySelector('a[href="tel:+441414960000"]')).not.toBeNull();
      act(() => root.unmount());
    } finally {
      consoleError.mockRestore();
      document.getElementById('company-details')?.remove();
      setCompanyDetailsForBuild(undefined);
    }
  });
});
