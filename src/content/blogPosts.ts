import akanCover from '@/assets/blog/akan.svg';
import certificatesCover from '@/assets/blog/certificates.svg';
import greetingsCover from '@/assets/blog/greetings.svg';
import habitsCover from '@/assets/blog/habits.svg';
import pidginCover from '@/assets/blog/pidgin.svg';

export interface BlogPost {
  id: number;
  /** URL of the cover image. */
  cover: string;
  title: string;
  desc: string;
  authorName: string;
  /** ISO date of publication. */
  date: string;
}

/**
 * The blog (spec section 3): home shows the first 3, the footer 3 titles, /blog all of them and
 * /blog/{id} one with its text (blogPostTexts.ts). A new post also needs its id in prerenderedPages.ts.
 */
export const blogPosts: BlogPost[] = [
  {
    id: 1,
    cover: greetingsCover,
    title: 'Ten everyday Yoruba greetings and when to use them',
    desc: 'From "E kaaro" at sunrise to "O daaro" at night: greet elders and friends the right way.',
    authorName: 'Adunni Bello',
    date: '2024-11-12',
  },
  {
    id: 2,
    cover: habitsCover,
    title: 'How fifteen minutes a day beats a weekend cram session',
    desc: 'Spaced practice, short videos and one assignment a week: a study rhythm that sticks.',
    authorName: 'Claire Dubois',
    date: '2024-11-05',
  },
  {
    id: 3,
    cover: pidginCover,
    title: 'Pidgin English is a language, not broken English',
    desc: 'Why millions speak it, how its grammar works, and what learners get wrong first.',
    authorName: 'Tunde Okafor',
    date: '2024-10-28',
  },
  {
    id: 4,
    cover: certificatesCover,
    title: 'What our certificates mean to employers',
    desc: 'How the levels map to real tasks at work, and how to show them on your CV.',
    authorName: 'Academy team',
    date: '2024-10-15',
  },
  {
    id: 5,
    cover: akanCover,
    title: 'Akan proverbs every beginner can understand',
    desc: 'Five short proverbs, their literal meaning and the wisdom behind them.',
    authorName: 'Kwame Mensah',
    date: '2024-10-02',
  },
];

/** Cuts a text to `max` characters, marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max).trimEnd()}…`;
}
