// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PhoneLink } from './phone-link';

afterEach(cleanup);

describe('PhoneLink', () => {
  it('writes the number as a UK reader does and dials it as stored', () => {
    render(<PhoneLink phone="+447700900123" />);
    expect(screen.getByRole('link', { name: '07700 900123' })).toHaveAttribute('href', 'tel:+447700900123');
  });

  it('is nothing at all for no number (an erased enquiry), never an empty link', () => {
    const { container } = render(<PhoneLink phone="" />);
    expect(container.querySelector('a')).toBeNull();
  });
});
