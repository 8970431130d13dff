/** Where the team reads an enquiry (issue 33): its page, or a part of it (the booking). */
export function enquiryPath(assessmentId: number, part?: 'booking'): string {
  return `/admin/enquiries/${assessmentId}${part === 'booking' ? '#enquiry-bookings' : ''}`;
}
