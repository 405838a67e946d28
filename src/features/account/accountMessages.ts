/** The account button's and menu's own texts; the entries reuse the areas' and messaging's texts. */
export const accountMessages = {
  /** The button's label while the name loads, when it cannot be read, or when both sides are logged in. */
  myAccount: 'My account',
  /** The heading of a side's entries in the menu and the phone menu. */
  sectionHeading: (side: 'student' | 'teacher', name: string | null) => {
    const role = side === 'student' ? 'Student' : 'Teacher';
    return name === null ? role : `${role}: ${name}`;
  },
  /** The phone menu's navigation landmark of the account entries. */
  drawerNavLabel: 'My account',
} as const;
