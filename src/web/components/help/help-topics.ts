import { site } from '../../../shared/site';
import { company } from '../../lib/company';

export type HelpPriority = 'common' | 'urgent';

export type HelpTopic = {
  id: string;
  title: string;
  priority: HelpPriority;
  steps: readonly string[];
  tips: readonly string[];
};

// SPEC section 2 (help dialog), with D7 (photo types) and D4 (quote turnaround). A function:
// the support contacts come from the settings (lib/company.ts), read when the dialog opens.
export const helpTopics = (): readonly HelpTopic[] => [
  {
    id: 'photo-upload',
    title: 'Photo Upload Issues',
    priority: 'common',
    steps: [
      'Check each photo is 10MB or smaller. Most phone photos are well under this.',
      'Use JPG, PNG, WebP or HEIC photos. iPhone photos (HEIC) are fine as they are.',
      'Add up to 10 photos. Remove one with its remove button if you have reached the limit.',
      'If one photo will not add, choose it again from your gallery or files, or take a fresh photo.',
      'Refresh the page and try again on a steady Wi-Fi or 4G/5G connection.',
    ],
    tips: [
      'Take photos in daylight, without flash, so the damage is easy to see.',
      'Include one photo from a step back showing the whole panel, and one close up.',
      'A coin or key next to the damage helps us judge its size.',
    ],
  },
  {
    id: 'form-not-submitting',
    title: 'Form Not Submitting',
    priority: 'common',
    steps: [
      'Scroll up and look for messages in red beside any field that needs attention.',
      'Enter your postcode in UK format, for example SW1A 1AA.',
      'Enter a UK phone number with its area code (for example 01632 960123), or a mobile number starting 07.',
      'Choose the type of damage and at least one damage location.',
      'Check that at least one photo has been added, then press submit again.',
    ],
    tips: [
      'Turn off browser extensions that block forms or scripts if the button does nothing.',
      'Your details are kept while you go back to the photo step, so there is no need to retype them.',
    ],
  },
  {
    id: 'quote-delay',
    title: 'Quote Taking Too Long',
    priority: 'urgent',
    steps: [
      `Quotes are sent by e-mail, ${site.quoteTurnaround}.`,
      'Check your spam or junk folder, and search your inbox for "AutoRevive".',
      'Make sure the e-mail address you entered was spelt correctly.',
      `If you have had no quote after 24 hours, call support on ${company().supportPhone}.`,
    ],
    tips: [
      `Add ${company().supportEmail} to your contacts so our e-mails reach your inbox.`,
      'Have your vehicle make and model to hand when you call, so we can find your request quickly.',
      // Issue 38 item 1 (docs/decisions/0036).
      'Lost the e-mail, or on another phone? My repairs, in the menu, e-mails you a link to every enquiry you have made with us.',
    ],
  },
  {
    id: 'booking',
    title: 'Booking Problems',
    priority: 'urgent',
    steps: [
      'Open the link in your quote e-mail and choose Accept Quote & Book Appointment.',
      'Pick a date on the calendar. Repairs run Monday to Friday (not bank holidays), starting at least 24 hours from now.',
      'Choose a morning or afternoon time slot. A slot marked Booked is already taken, so try another day.',
      'Check the repair address and postcode are within our service area, as a technician needs to be able to reach you.',
      'Confirm the booking and complete the card payment to secure your slot.',
    ],
    tips: [
      'Your chosen slot is held for 30 minutes while you pay.',
      `If no slot suits you, call ${company().supportPhone} and we will try to arrange one.`,
    ],
  },
];

export const priorityLabel: Record<HelpPriority, string> = {
  common: 'Common Issue',
  urgent: 'High Priority',
};
