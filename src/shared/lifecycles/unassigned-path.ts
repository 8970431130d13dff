// The offer deadline and the path of a paid booking nobody takes (issue 35 item 4,
// docs/decisions/0027), as docs/lifecycles.md shows them after the lifecycles: not a status of its
// own (the booking stays `confirmed`), but what the jobNotification and appointment lifecycles
// do together over time, with who is told when.
import { OFFER_ANSWER_HOURS } from '../offer-deadline';

export const unassignedPathSection = [
  '## The offer deadline and the unassigned path',
  '',
  `An offer (\`jobNotification\`) expires at its deadline: ${OFFER_ANSWER_HOURS} of the technician's answering hours, 8:00–18:00 in`,
  'London on the halves their weekly pattern works (never a bank holiday), and never later than 24 hours before the',
  "slot (an offer sent inside those 24 hours runs at most to the slot's start). Sent at 20:38 on a working day, it",
  'expires at 12:00 the next working day (src/shared/offer-deadline.ts; dispatch sets it, booking/offer/offer-expiry.ts).',
  '',
  'A paid booking (`confirmed`) with no open offer has no technician: every offer expired or was declined, or dispatch',
  'found nobody to offer it to. It is never a silent wait (booking/unassigned/, the follow-up job every 5 minutes):',
  '',
  '```mermaid',
  'flowchart TD',
  '    paid["appointment confirmed (paid)"] --> offered["offers sent (jobNotification sent)"]',
  '    paid --> nobody["dispatch found nobody"]',
  '    offered -->|"accept"| assigned["appointment assigned"]',
  '    offered -->|"every offer expired at its deadline or declined"| unassigned["without a technician"]',
  '    nobody --> unassigned',
  '    unassigned -->|"at once: e-mail to the team (once each time), listed with who could still take it"| team["Bookings without a technician"]',
  '    team -->|"the team offers it (send-to-repairer)"| offered',
  '    unassigned -->|"24 hours before the slot: e-mail to the customer (once), choice on their booking page"| choice["customer chooses"]',
  '    choice -->|"reschedule (follow-up starts again)"| paid',
  '    choice -->|"cancel: full refund (payment refund)"| cancelled["appointment cancelled"]',
  '```',
  '',
  'Once told, the customer may move or cancel online inside the 24 hours (D14 otherwise asks them to phone), until the',
  'slot begins or a technician takes the booking after all. Each message is claimed on the booking',
  '(`appointments.team_told_unassigned_at`, `appointments.customer_told_unassigned_at`) in the transaction that queues it.',
  '',
].join('\n');
