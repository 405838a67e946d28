/** The academy's own contact details, shown in the footer and on the contact page. */
export const academy = {
  name: 'Language Academy',
  address: '24 Market Street, Manchester M1 1PT, United Kingdom',
  phone: '+44 161 496 0000',
  email: 'hello@languageacademy.example',
} as const;
