// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { cities } from '../../../shared/cities';
import { site } from '../../../shared/site';
import { defaultCompanyDetails as company } from '../../../shared/company';
import { formatPence } from '../../../shared/money';
import { priceQuote, REPAIRER_SHARE_PERCENT } from '../../../shared/pricing';
import { technicianSplit } from '../../../shared/technician-rules';
import AboutPage from './about';
import AreaPage from './area';
import ContactPage from './contact';
import HomePage from './home';
import PrivacyPolicyPage from './privacy-policy';
import ServicesPage from './services';
import TechniciansPage from './technicians';
import TermsPage from './terms';

afterEach(cleanup);

function renderAt(path: string, Page: ComponentType, pattern = path) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={pattern} element={<Page />} />
      </Routes>
    </MemoryRouter>,
  );
}

const pages: [string, ComponentType, string?][] = [
  ['/', HomePage],
  ['/services', ServicesPage],
  ['/about', AboutPage],
  ['/contact', ContactPage],
  ['/privacy-policy', PrivacyPolicyPage],
  ['/terms', TermsPage],
  ['/technicians', TechniciansPage],
  ['/areas/leeds', AreaPage, '/areas/:city'],
  ['/areas/atlantis', AreaPage, '/areas/:city'],
];

describe.each(pages)('%s', (path, Page, pattern) => {
  it('has one h1, no skipped heading levels and no hard-coded network figure', () => {
    const { container } = renderAt(path, Page, pattern);
    const levels = [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level).toBeLessThanOrEqual((levels[i - 1] ?? 1) + 1);
    });
    expect(container.textContent).not.toMatch(/\b(867|463|992)\b/);
    expect(container.textContent).not.toMatch(/bank transfer/i);
    for (const link of container.querySelectorAll('a')) expect(link.textContent?.trim()).not.toBe('');
    for (const section of container.querySelectorAll('section[aria-labelledby]')) {
      expect(container.querySelector(`#${section.getAttribute('aria-labelledby')}`)).not.toBeNull();
    }
    expect(container.querySelector('main')).toBeNull();
  });
});

describe('home', () => {
  it('has the assessment and coverage sections and the contact details', () => {
    const { container } = renderAt('/', HomePage);
    expect(screen.getByRole('button', { name: 'Get Free Quote' })).toBeInTheDocument();
    expect(container.querySelector('#assessment')).not.toBeNull();
    expect(screen.getAllByRole('link', { name: 'Start free assessment' })[0]).toHaveAttribute('href', '/assessment');
    const coverage = container.querySelector('#coverage');
    for (const city of cities) {
      expect(coverage?.querySelector(`a[href="/areas/${city.slug}"]`)?.textContent).toBe(city.name);
    }
    expect(container.textContent).toContain(company.supportPhone);
    expect(container.textContent).toContain(company.supportEmail);
    expect(container.textContent).toContain(site.quoteTurnaround);
  });
});

describe('services', () => {
  it("names Paintless Dent Removal and points its call to action at /quote, as SPEC's does (which leads to the wizard)", () => {
    const { container } = renderAt('/services', ServicesPage);
    expect(container.textContent).toContain('Paintless Dent Removal');
    expect(container.querySelector('a[href="/quote"]')?.textContent).toBe('Start free assessment');
  });
});

describe('contact', () => {
  it('links phone and e-mail and lists the support hours', () => {
    const { container } = renderAt('/contact', ContactPage);
    expect(container.querySelector(`a[href="tel:${company.supportPhoneE164}"]`)).not.toBeNull();
    expect(container.querySelector(`a[href="mailto:${company.supportEmail}"]`)).not.toBeNull();
    for (const row of company.supportHours) expect(screen.getAllByText(row.days).length).toBeGreaterThan(0);
  });
});

describe('area', () => {
  it('renders the city page', () => {
    renderAt('/areas/leeds', AreaPage, '/areas/:city');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Mobile car scratch and dent repair in Leeds');
  });

  it('renders not found for an unknown city', () => {
    renderAt('/areas/atlantis', AreaPage, '/areas/:city');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });
});

describe('technicians', () => {
  it('states the split computed from the payout’s own share, and offers the application and the sign-in', () => {
    const { container } = renderAt('/technicians', TechniciansPage);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(`Work with ${site.brand}`);
    const share = technicianSplit(20_000);
    expect(share.technicianPence).toBe(priceQuote({ laborPence: 15_000, partsPence: 5_000 }).repairerPaymentPence);
    expect(container.textContent).toContain(`${REPAIRER_SHARE_PERCENT}% of the repair’s price`);
    // Issue 37: the whole split, which adds up to what the customer pays (£160 + £80 + £48 VAT = £288).
    expect(container.textContent).toContain('For example, on a £200.00 repair');
    expect(container.textContent).toContain(`You earn${formatPence(share.technicianPence)}`);
    expect(container.textContent).toContain("Customer pays (incl. VAT)£288.00AutoRevive's commission£80.00 (service fee £40.00 + £40.00 of labour and parts)");
    expect(container.textContent).toContain('The other £48.00 is VAT');
    expect(container.textContent).toContain(`${site.warrantyMonths}-month warranty`);
    expect(screen.getByRole('link', { name: 'Sign in to your technician account' })).toHaveAttribute('href', '/sign-in');
    for (const label of ['Business name', 'Your name', 'E-mail', 'Phone', 'Base postcode', 'Service radius (miles)', 'Years of experience', 'Insurer', 'Policy number', 'Policy end date', 'Website (optional)']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Send my application' })).toBeInTheDocument();
  });
});
