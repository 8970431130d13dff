// SPEC section 8's toasts for booking, word for word.
export const bookingToasts = {
  failed: 'Booking Failed',
  quoteNotFound: 'Quote Not Found',
  quoteNotFoundText: "The quote you're trying to book could not be found.",
  booked: 'Appointment Booked!',
  bookedText: 'Your repair appointment has been successfully scheduled.',
  appointmentNotFound: 'Appointment Not Found',
} as const;
