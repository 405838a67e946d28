import avatar1 from '@/assets/avatars/avatar-1.svg';
import avatar3 from '@/assets/avatars/avatar-3.svg';
import avatar4 from '@/assets/avatars/avatar-4.svg';
import akanCover from '@/assets/languages/akan.svg';
import englishCover from '@/assets/languages/english.svg';
import frenchCover from '@/assets/languages/french.svg';
import germanCover from '@/assets/languages/german.svg';
import pidginCover from '@/assets/languages/pidgin.svg';
import yorubaCover from '@/assets/languages/yoruba.svg';

/** Static sample data of the home page (spec sections 2.3 and 3). */

export interface Testimonial {
  id: number;
  name: string;
  /** URL of the student's picture. */
  photo: string;
  feedback: string;
  course: string;
  /** 4.5 to 5. */
  rating: number;
}

export const testimonials: Testimonial[] = [
  {
    id: 1,
    name: 'Chiamaka Eze',
    photo: avatar4,
    feedback:
      'I grew up hearing Yoruba at home but never spoke it. After eight weeks I can greet my grandmother properly and follow her stories.',
    course: 'Yoruba Basics',
    rating: 5,
  },
  {
    id: 2,
    name: 'Liam Carter',
    photo: avatar3,
    feedback:
      'Short chapters I could watch on the bus, and a teacher who answered every message. My French finally sounds like French.',
    course: 'French Conversation',
    rating: 4.5,
  },
  {
    id: 3,
    name: 'Yaa Asantewaa',
    photo: avatar1,
    feedback:
      'The German grammar course explained the cases better than any book I tried. The assignments kept me practising every week.',
    course: 'German Grammar Essentials',
    rating: 5,
  },
];

export type StatId = 'courses' | 'teachers' | 'students';

export interface Stat {
  id: StatId;
  title: string;
}

/**
 * The statistics strip (spec sections 2.3 and 9): the figures come from the provider
 * (`getCatalogueCounts`); a provider that cannot count shows none, never a made-up one.
 */
export const stats: Stat[] = [
  { id: 'courses', title: 'Courses Available' },
  { id: 'teachers', title: 'Instructors' },
  { id: 'students', title: 'Students Enrolled' },
];

export type BenefitId = 'languageMastery' | 'certificates' | 'experts';

export interface Benefit {
  id: BenefitId;
  title: string;
  desc: string;
}

export const benefits: Benefit[] = [
  {
    id: 'languageMastery',
    title: 'Language Mastery',
    desc: 'Build real fluency step by step: short video chapters, practice assignments and feedback from your teacher.',
  },
  {
    id: 'certificates',
    title: 'Earn Certificates',
    desc: 'Finish a course and receive a certificate you can share with employers, schools and friends.',
  },
  {
    id: 'experts',
    title: 'Learn From Experts',
    desc: 'Every teacher is a fluent speaker, approved by the academy before they teach their first lesson.',
  },
];

export interface LanguageTile {
  /** URL of the tile's picture. */
  cover: string;
  courseName: string;
  /** The value of the course list's language filter for this tile, and the name its courses are counted under. */
  language: string;
}

/** 'Browse Our Online Courses' (spec section 2.3): the number of courses of each comes from the provider. */
export const languageTiles: LanguageTile[] = [
  { cover: germanCover, courseName: 'German', language: 'German' },
  { cover: englishCover, courseName: 'English', language: 'English' },
  { cover: pidginCover, courseName: 'Pidgin English', language: 'Pidgin' },
  { cover: frenchCover, courseName: 'French', language: 'French' },
  { cover: akanCover, courseName: 'Akan', language: 'Akan' },
  { cover: yorubaCover, courseName: 'Yoruba', language: 'Yoruba' },
];
