// What a page offers the collector (D18): addresses from mailto links and text, simple
// obfuscations, what is never an address for people, the one contact page, and linear time on
// hostile pages.
import { describe, expect, it } from 'vitest';
import { chooseByRules } from './choose';
import { addressesIn, findCandidates, findContactPage, normaliseAddress } from './extract';

const page = 'https://www.dentfix.co.uk/';

describe('finding addresses', () => {
  it('reads mailto links (several, encoded, with a subject) and addresses in text', () => {
    const found = findCandidates('<a href="mailto:Info@DentFix.co.uk?subject=Quote">x</a><a href=\'mailto:a%40dentfix.co.uk,b@dentfix.co.uk\'>y</a><p>Or sales@dentfix.co.uk.</p>', page);
    expect(found.map((c) => [c.email, c.fromMailto])).toEqual([
      ['info@dentfix.co.uk', true],
      ['a@dentfix.co.uk', true],
      ['b@dentfix.co.uk', true],
      ['sales@dentfix.co.uk', false],
    ]);
  });

  it('undoes simple obfuscations and entities', () => {
    const text = '<p>jo [at] dentfix [dot] co [dot] uk, sam(at)dentfix.co.uk, kim &#64; dentfix.co.uk, lee&#x40;dentfix&period;co&period;uk, pat { at } dentfix { dot } com</p>';
    expect(findCandidates(text, page).map((c) => c.email)).toEqual(['jo@dentfix.co.uk', 'sam@dentfix.co.uk', 'lee@dentfix.co.uk', 'pat@dentfix.com']);
  });

  it('never offers image names, no-reply, placeholders, or addresses inside scripts, styles and comments', () => {
    const text = '<img src="logo@2x.png"><p>icon@3x.webp noreply@dentfix.co.uk no-reply@x.co.uk name@example.com you@yourdomain.com postmaster@dentfix.co.uk</p><script>"js@dentfix.co.uk"</script><style>/* css@dentfix.co.uk */</style><!-- old@dentfix.co.uk -->';
    expect(findCandidates(text, page)).toEqual([]);
    expect(normaliseAddress('bad@@x.com')).toBeUndefined();
    expect(normaliseAddress(' Info@Example.co.uk. ')).toBeUndefined();
    expect(normaliseAddress(' Info@DentFix.co.uk. ')).toBe('info@dentfix.co.uk');
  });

  it('stays linear on hostile pages of 1 MB', () => {
    const hostile = ['x'.repeat(1_000_000), `${'a'.repeat(500_000)}@${'b'.repeat(500_000)}`, '<a '.repeat(300_000), '@'.repeat(1_000_000), ' '.repeat(1_000_000) + '[at]', '<script>'.repeat(100_000)];
    for (const html of hostile) {
      const started = performance.now();
      findCandidates(html, page);
      findContactPage(html, page);
      expect(performance.now() - started, html.slice(0, 20)).toBeLessThan(1500);
    }
    expect(addressesIn('x'.repeat(100) + 'info@dentfix.co.uk' + 'y'.repeat(100))).toEqual([]);
  });
});

describe('the one further page', () => {
  it('prefers a contact page to an about page, on the same site only', () => {
    const html = '<a href="/about-us">About</a><a href="https://elsewhere.co.uk/contact">Partner</a><a href="/get-in-touch#form">Get in touch</a>';
    expect(findContactPage(html, page)).toBe('https://www.dentfix.co.uk/get-in-touch');
    expect(findContactPage('<a href="https://dentfix.co.uk/about">Who we are</a>', page)).toBe('https://dentfix.co.uk/about');
    expect(findContactPage('<a href="/services">Services</a><a href="mailto:x@y.co.uk">Contact</a>', page)).toBeUndefined();
    expect(findContactPage('<a class="nav" href="/pages/7">Contact us</a>', page)).toBe('https://www.dentfix.co.uk/pages/7');
  });
});

describe('the rules', () => {
  const c = (email: string, fromMailto = false) => ({ email, sourceUrl: page, fromMailto });
  it("choose the site's own domain first, then shared inboxes, then a mailto link", () => {
    expect(chooseByRules([c('dentfix@gmail.com', true), c('jo@dentfix.co.uk')], page)!.email).toBe('jo@dentfix.co.uk');
    expect(chooseByRules([c('jo@dentfix.co.uk', true), c('bookings@dentfix.co.uk'), c('info@dentfix.co.uk')], page)!.email).toBe('info@dentfix.co.uk');
    expect(chooseByRules([c('a@gmail.com'), c('b@gmail.com', true)], page)!.email).toBe('b@gmail.com');
    expect(chooseByRules([], page)).toBeUndefined();
  });
});
