/** The texts both profile pages share (spec section 8: 'Data has been updated' to the letter; the others are ours). */
export const profileFormMessages = {
  fullNameLabel: 'Full Name',
  emailLabel: 'Email',
  updateButton: 'Update',
  profileUpdated: 'Data has been updated',
  profileUpdateFailed: 'Your data could not be updated.',
  fullNameRequired: 'Please enter your full name.',
  emailRequired: 'Please enter your e-mail address.',
  emailInvalid: 'Please enter a valid e-mail address.',
} as const;
