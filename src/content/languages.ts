/** The languages the academy teaches (spec section 1), the options of the course language filter. */
export const academyLanguages = ['Spanish', 'French', 'German', 'Yoruba', 'Pidgin', 'Akan', 'English'] as const;
