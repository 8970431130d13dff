// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { site } from '../../../shared/site';
import { defaultCompanyDetails as company } from '../../../shared/company';
import { Header } from '../layout/header';
import { HelpDialog } from './help-dialog';
import { HelpDialogProvider } from './help-dialog-context';

afterEach(cleanup);

function renderHeaderWithHelp() {
  return render(
    <MemoryRouter>
      <HelpDialogProvider>
        <Header />
        <HelpDialog />
      </HelpDialogProvider>
    </MemoryRouter>,
  );
}

describe('HelpDialog', () => {
  it('opens from the Help button with its title, contact box and closing box', () => {
    renderHeaderWithHelp();
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));

    const dialog = screen.getByRole('dialog', { name: 'Quick Troubleshooting Guide' });
    expect(dialog).toHaveAccessibleDescription(/photos, forms, quotes and bookings/);
    expect(within(dialog).getByText('Need Immediate Help?')).toBeInTheDocument();
    const phoneLinks = within(dialog).getAllByRole('link', { name: company.supportPhone });
    expect(phoneLinks[0]).toHaveAttribute('href', `tel:${company.supportPhoneE164}`);
    expect(within(dialog).getAllByRole('link', { name: company.supportEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${company.supportEmail}`,
    );
    expect(within(dialog).getByText('Still Having Issues?').parentElement).toHaveTextContent(company.supportHoursSentence);
  });

  it('lets two sections be open together, each with badge, steps and tips', () => {
    renderHeaderWithHelp();
    fireEvent.click(screen.getByRole('button', { name: 'Help' }));
    const dialog = screen.getByRole('dialog');

    const photos = within(dialog).getByRole('button', { name: /Photo Upload Issues/ });
    const quote = within(dialog).getByRole('button', { name: /Quote Taking Too Long/ });
    expect(photos).toHaveTextContent('Common Issue');
    expect(quote).toHaveTextContent('High Priority');

    fireEvent.click(photos);
    fireEvent.click(quote);
    expect(photos).toHaveAttribute('aria-expanded', 'true');
    expect(quote).toHaveAttribute('aria-expanded', 'true');

    expect(dialog).toHaveTextContent('10MB');
    expect(dialog).toHaveTextContent(/JPG, PNG, WebP or HEIC/);
    expect(dialog).toHaveTextContent(site.quoteTurnaround);
    expect(dialog).toHaveTextContent('If you have had no quote after 24 hours, call support');
    expect(within(dialog).getAllByText('Step-by-Step Solution:')).toHaveLength(2);
    expect(within(dialog).getAllByText('Pro Tips:')).toHaveLength(2);
  });

  it('closes with Back to Application and returns focus to the Help button', async () => {
    renderHeaderWithHelp();
    const help = screen.getByRole('button', { name: 'Help' });
    help.focus();
    fireEvent.click(help);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Application' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(help).toHaveFocus());
  });

  it('opens from the mobile menu, closing the drawer first', () => {
    renderHeaderWithHelp();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(drawer).getByRole('link', { name: 'Services' })).toHaveAttribute('href', '/services');

    fireEvent.click(within(drawer).getByRole('button', { name: 'Help & Troubleshooting' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Quick Troubleshooting Guide' })).toBeInTheDocument();
  });
});
