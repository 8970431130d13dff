import { describe, expect, it } from 'vitest';
import { companyRegistration, defaultCompanyDetails, examplePlaceholderProblems, isVatRegistered, openDaysShort, readCompanySettings, registeredOfficeLine, vatNote, vatRatePercentFor, type CompanyDetails } from './company';
import { companyDetailsInHtml, companyDetailsScript, withCompanyDetails } from './company-html';

const read = (settings: Record<string, string | undefined>): CompanyDetails => {
  const result = readCompanySettings(settings);
  if ('problems' in result) throw new Error(result.problems.join('\n'));
  return result.details;
};

const problems = (settings: Record<string, string | undefined>): string[] => {
  const result = readCompanySettings(settings);
  return 'problems' in result ? result.problems : [];
};

describe('company settings', () => {
  it('default to the details the site has always shown (D1, D3)', () => {
    // defaultCompanyDetails is written out as data for the browser (company-details.ts, issue 36):
    // the parser must make exactly it of no settings.
    expect(read({})).toEqual(defaultCompanyDetails);
    expect(defaultCompanyDetails).toMatchObject({
      name: 'AutoRevive Ltd',
      registeredIn: 'England and Wales',
      registeredOffice: { street: ['12 Harbour Yard'], town: 'Bristol', postcode: 'BS1 5TY' },
      // Issue 37: example numbers, marked wherever shown, so the default can charge VAT and invoice it.
      number: '01234567 (example)',
      vatNumber: 'GB 123 4567 89 (example)',
      supportPhone: '020 7946 0321',
      supportPhoneE164: '+442079460321',
      supportEmail: 'support@autorevive.co.uk',
      supportHoursSentence: 'Monday–Friday 8:00–18:00, Saturday 9:00–16:00, closed on Sunday',
    });
    expect(defaultCompanyDetails.supportHours.map((row) => [row.days, row.hours])).toEqual([
      ['Monday–Friday', '8:00–18:00'],
      ['Saturday', '9:00–16:00'],
      ['Sunday', 'Closed'],
    ]);
    // Empty settings count as unset.
    expect(read({ COMPANY_NAME: ' ', SUPPORT_PHONE: '' })).toEqual(defaultCompanyDetails);
  });

  it('mark the example numbers "(example)", and list them (and the old placeholder) as what live payments refuse (issue 37)', () => {
    expect(companyRegistration(read({}))).toBe(
      'AutoRevive Ltd, registered in England and Wales, company number 01234567 (example). Registered office: 12 Harbour Yard, Bristol, BS1 5TY. VAT number GB 123 4567 89 (example).',
    );
    expect(examplePlaceholderProblems(read({}))).toEqual([
      "COMPANY_NUMBER is the example or placeholder 01234567, and live Stripe keys take real payments: set COMPANY_NUMBER to the company's Companies House number",
      "COMPANY_VAT_NUMBER is the example GB 123 4567 89, and live Stripe keys take real payments whose VAT invoices carry it: set COMPANY_VAT_NUMBER to the company's VAT registration number, or to none when it is not VAT registered",
    ]);
    expect(examplePlaceholderProblems(read({ COMPANY_NUMBER: '00000000', COMPANY_VAT_NUMBER: 'GB987654321' }))).toEqual([
      "COMPANY_NUMBER is the example or placeholder 00000000, and live Stripe keys take real payments: set COMPANY_NUMBER to the company's Companies House number",
    ]);
    expect(examplePlaceholderProblems(read({ COMPANY_NUMBER: '09876543', COMPANY_VAT_NUMBER: 'GB987654321' }))).toEqual([]);
    expect(read({ COMPANY_NUMBER: '09876543', COMPANY_VAT_NUMBER: 'GB987654321' })).toMatchObject({ number: '09876543', vatNumber: 'GB 987 6543 21' });
  });

  it('read COMPANY_VAT_NUMBER=none as not VAT registered: no VAT number shown, no VAT charged, nothing for live keys to refuse (issue 37)', () => {
    for (const value of ['none', 'NONE', ' None ']) {
      const details = read({ COMPANY_NUMBER: '09876543', COMPANY_VAT_NUMBER: value });
      expect(details.vatNumber).toBeNull();
      expect(isVatRegistered(details)).toBe(false);
      expect(vatRatePercentFor(details)).toBe(0);
      expect(companyRegistration(details)).not.toContain('VAT');
      expect(examplePlaceholderProblems(details)).toEqual([]);
    }
    // Empty is still the embedded default's example, which charges VAT.
    expect(vatRatePercentFor(read({ COMPANY_VAT_NUMBER: '' }))).toBe(20);
    expect(vatRatePercentFor(read({ COMPANY_VAT_NUMBER: 'GB987654321' }))).toBe(20);
    // A quote keeps the VAT it was priced with: one that charged VAT still says so.
    const none = read({ COMPANY_VAT_NUMBER: 'none' });
    expect(vatNote(0, none)).toBe('No VAT: AutoRevive is not VAT registered');
    expect(vatNote(4464, none)).toBe('incl. VAT');
    expect(vatNote(0, read({}))).toBe('incl. VAT');
  });

  it('read and normalise every setting', () => {
    const details = read({
      COMPANY_NAME: 'Northern Dent Co Ltd',
      COMPANY_NUMBER: 'sc 123456',
      COMPANY_REGISTERED_OFFICE: 'Unit 4, Riverside Park, Glasgow, g2 1aa',
      COMPANY_VAT_NUMBER: 'gb 987 6543 21',
      SUPPORT_PHONE: '+44 (0)141 496 0000',
      SUPPORT_EMAIL: 'help@northerndent.example',
      SUPPORT_HOURS: 'Mon-Thu 9-17:30; Friday 9:00–16:00; Sat-Sun closed',
    });
    expect(details).toMatchObject({
      name: 'Northern Dent Co Ltd',
      number: 'SC123456',
      registeredIn: 'Scotland',
      registeredOffice: { street: ['Unit 4', 'Riverside Park'], town: 'Glasgow', postcode: 'G2 1AA' },
      vatNumber: 'GB 987 6543 21',
      supportPhone: '0141 496 0000',
      supportPhoneE164: '+441414960000',
      supportEmail: 'help@northerndent.example',
      supportHoursSentence: 'Monday–Thursday 9:00–17:30, Friday 9:00–16:00, closed on Saturday–Sunday',
    });
    expect(details.supportHours[0]).toEqual({ days: 'Monday–Thursday', hours: '9:00–17:30', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '09:00', closes: '17:30' });
    expect(registeredOfficeLine(details)).toBe('Unit 4, Riverside Park, Glasgow, G2 1AA');
    expect(companyRegistration(details)).toBe(
      'Northern Dent Co Ltd, registered in Scotland, company number SC123456. Registered office: Unit 4, Riverside Park, Glasgow, G2 1AA. VAT number GB 987 6543 21.',
    );
    expect(read({ COMPANY_NUMBER: 'NI012345' }).registeredIn).toBe('Northern Ireland');
    expect(read({ COMPANY_NUMBER: 'OC301234' }).registeredIn).toBe('England and Wales');
    expect(read({ COMPANY_VAT_NUMBER: 'GB123456789001' }).vatNumber).toBe('GB 123 4567 89 001');
  });

  it.each([
    ['COMPANY_NUMBER', '1234567', 'COMPANY_NUMBER must be a UK company number: 8 characters, either 8 digits or 2 letters and 6 digits, for example 01234567 or SC123456 (it is "1234567")'],
    ['COMPANY_NUMBER', 'S1234567', 'COMPANY_NUMBER must be a UK company number'],
    ['COMPANY_NUMBER', '123456789', 'COMPANY_NUMBER must be a UK company number'],
    ['COMPANY_VAT_NUMBER', 'GB12345678', 'COMPANY_VAT_NUMBER must be a UK VAT number: GB and 9 digits (or 12 for a group member), for example GB123456789, or "none" when the company is not VAT registered (then no VAT is charged) (it is "GB12345678")'],
    ['COMPANY_VAT_NUMBER', '123456789', 'COMPANY_VAT_NUMBER must be a UK VAT number'],
    ['COMPANY_VAT_NUMBER', 'DE123456789', 'COMPANY_VAT_NUMBER must be a UK VAT number'],
    ['SUPPORT_PHONE', '12345', 'SUPPORT_PHONE must be a UK phone number customers can call, for example 020 7946 0321 (it is "12345")'],
    ['SUPPORT_PHONE', '+33 1 23 45 67 89', 'SUPPORT_PHONE must be a UK phone number'],
    ['SUPPORT_PHONE', '09098 790000', 'SUPPORT_PHONE must be a UK phone number'], // premium rate
    ['SUPPORT_EMAIL', 'support.autorevive.co.uk', 'SUPPORT_EMAIL must be an e-mail address, for example support@example.co.uk (it is "support.autorevive.co.uk")'],
    ['COMPANY_REGISTERED_OFFICE', '12 Harbour Yard Bristol BS1 5TY', 'COMPANY_REGISTERED_OFFICE must be the registered office on one line, its parts separated by commas and ending with the town and a UK postcode, for example "12 Harbour Yard, Bristol, BS1 5TY"'],
    ['COMPANY_REGISTERED_OFFICE', '12 Harbour Yard, Bristol', 'COMPANY_REGISTERED_OFFICE must be the registered office on one line'],
    ['COMPANY_REGISTERED_OFFICE', '12 Harbour Yard, Bristol, NOT A CODE', 'COMPANY_REGISTERED_OFFICE must be the registered office on one line'],
    ['COMPANY_REGISTERED_OFFICE', '12 Harbour Yard, , Bristol, BS1 5TY', 'COMPANY_REGISTERED_OFFICE must be the registered office on one line'],
    ['COMPANY_NAME', 'Dent <b>Co</b>', 'COMPANY_NAME must be the registered company name, at most 160 characters, without < or >'],
    ['COMPANY_NAME', 'x'.repeat(161), 'COMPANY_NAME must be the registered company name'],
    ['SUPPORT_HOURS', 'Friday-Monday 9:00-17:00', 'SUPPORT_HOURS "Friday-Monday 9:00-17:00" runs backwards: write the range from the earlier day, Monday first'],
    ['SUPPORT_HOURS', 'Funday 9:00-17:00', 'SUPPORT_HOURS "Funday 9:00-17:00" names a day that is not a day of the week (Monday to Sunday, or Mon to Sun)'],
    ['SUPPORT_HOURS', 'Monday-Friday 9:00-17:00; Friday closed', 'SUPPORT_HOURS Friday is listed twice'],
    ['SUPPORT_HOURS', 'Monday 9am-5pm', 'SUPPORT_HOURS cannot read the hours in "Monday 9am-5pm": write them as 24-hour times such as 8:00-18:00, or "closed"'],
    ['SUPPORT_HOURS', 'Monday 25:00-26:00', 'SUPPORT_HOURS cannot read the hours in "Monday 25:00-26:00"'],
    ['SUPPORT_HOURS', 'Monday 17:00-9:00', 'SUPPORT_HOURS in "Monday 17:00-9:00" the closing time is not after the opening time'],
    ['SUPPORT_HOURS', 'weekdays', 'SUPPORT_HOURS cannot read "weekdays": write the days, then the hours or "closed"'],
    ['SUPPORT_HOURS', ' ; ', 'SUPPORT_HOURS must list the days and hours'],
  ])('%s = %j is refused with a sentence that says how to write it', (name, value, message) => {
    const found = problems({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(message);
  });

  it('names every bad setting at once', () => {
    expect(problems({ COMPANY_NUMBER: 'x', SUPPORT_EMAIL: 'y', SUPPORT_HOURS: 'z' }).map((problem) => problem.split(' ')[0])).toEqual([
      'COMPANY_NUMBER',
      'SUPPORT_EMAIL',
      'SUPPORT_HOURS',
    ]);
  });

  it('says "Mon–Sat" support only while the open days run without a gap', () => {
    expect(openDaysShort(defaultCompanyDetails.supportHours)).toBe('Mon–Sat');
    expect(openDaysShort(read({ SUPPORT_HOURS: 'Monday-Friday 9:00-17:00' }).supportHours)).toBe('Mon–Fri');
    expect(openDaysShort(read({ SUPPORT_HOURS: 'Monday 9:00-17:00; Wednesday 9:00-17:00' }).supportHours)).toBeUndefined();
  });
});

describe('company details in a built page', () => {
  const page = '<!doctype html><html><head><title>x</title></head><body></body></html>';

  it('are written into the head once, replaced on a rebuild, and read back', () => {
    const other = read({ COMPANY_NAME: 'Other Ltd' });
    const once = withCompanyDetails(page, defaultCompanyDetails);
    const twice = withCompanyDetails(once, other);
    expect(twice.match(/id="company-details"/g)).toHaveLength(1);
    expect(companyDetailsInHtml(twice)).toEqual(other);
    expect(companyDetailsInHtml(page)).toBeUndefined();
  });

  it('cannot close their script element early', () => {
    const script = companyDetailsScript({ ...defaultCompanyDetails, name: '</script><script>alert(1)</script>' });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(companyDetailsInHtml(`<head>${script}</head>`)?.name).toBe('</script><script>alert(1)</script>');
  });
});
