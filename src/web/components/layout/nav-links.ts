export const primaryNavLinks = [
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  // Issue 38 item 1: a customer's enquiries, on any device (docs/decisions/0036).
  { to: '/my-repairs', label: 'My repairs' },
] as const;
