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

export type StatId = 'successStories' | 'certifiedInstructors' | 'learningSchedules' | 'coursesAvailable';

export interface Stat {
  id: StatId;
  /** The counter, as shown. */
  data: string;
  title: string;
}

/** The statistics strip (spec sections 2.3 and 9). */
export const stats: Stat[] = [
  { id: 'successStories', data: '100', title: 'Success Stories' },
  { id: 'certifiedInstructors', data: '50', title: 'Certified Instructors' },
  { id: 'learningSchedules', data: '2,000', title: 'Learning Schedules' },
  { id: 'coursesAvailable', data: '20', title: 'Courses Available' },
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
  /** How many chapters the language has, as shown. */
  course: string;
  /** The value of the course list's language filter for this tile. */
  language: string;
}

/** 'Browse Our Online Courses' (spec section 2.3). */
export const languageTiles: LanguageTile[] = [
  { cover: germanCover, courseName: 'German', course: '50 chapters', language: 'German' },
  { cover: englishCover, courseName: 'English', course: '20 chapters', language: 'English' },
  { cover: pidginCover, courseName: 'Pidgin English', course: '30 chapters', language: 'Pidgin' },
  { cover: frenchCover, courseName: 'French', course: '25 chapters', language: 'French' },
  { cover: akanCover, courseName: 'Akan', course: '40 chapters', language: 'Akan' },
  { cover: yorubaCover, courseName: 'Yoruba', course: '15 chapters', language: 'Yoruba' },
];
