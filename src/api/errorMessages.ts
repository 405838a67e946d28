/** The one wording of each kind of failed call that no screen words for itself (see `errorText`). */
export const errorMessages = {
  network: 'We could not reach the server. Please check your connection and try again.',
  server: 'The server ran into a problem. Please try again in a few minutes.',
  unauthorised: 'Your session has expired. Please log in again.',
  forbidden: 'You are not allowed to do this.',
} as const;
