import avatar1 from '@/assets/avatars/avatar-1.svg';
import avatar2 from '@/assets/avatars/avatar-2.svg';
import avatar3 from '@/assets/avatars/avatar-3.svg';
import avatar5 from '@/assets/avatars/avatar-5.svg';
import akanCover from '@/assets/courses/akan.svg';
import englishCover from '@/assets/courses/english.svg';
import frenchCover from '@/assets/courses/french.svg';
import germanCover from '@/assets/courses/german.svg';
import spanishCover from '@/assets/courses/spanish.svg';
import yorubaCover from '@/assets/courses/yoruba.svg';

export interface SampleCourseTeacher {
  /** URL of the teacher's picture. */
  dcover: string;
  name: string;
  totalTime: string;
}

/** A course card of the /course page: static sample data, not a server course (spec section 3). */
export interface SampleCourse {
  id: number;
  /** URL of the cover image. */
  cover: string;
  coursesName: string;
  courTeacher: SampleCourseTeacher[];
  /** Dollars for the whole course. */
  priceAll: number;
  /** Dollars per month, for full courses that can be paid monthly. */
  pricePer?: number;
  /** The value of the course list's language filter for this card. */
  language: string;
}

/** Sample prices of spec section 9: single courses $20, $15, $25; full courses $80, $250, $150 ($10, $35, $20 a month). */
export const sampleCourses: SampleCourse[] = [
  {
    id: 1,
    cover: spanishCover,
    coursesName: 'Spanish Conversation Starter',
    courTeacher: [{ dcover: avatar2, name: 'Amara Okafor', totalTime: '12 lessons (6 hrs)' }],
    priceAll: 20,
    language: 'Spanish',
  },
  {
    id: 2,
    cover: frenchCover,
    coursesName: 'French Pronunciation Workshop',
    courTeacher: [{ dcover: avatar3, name: 'Claire Dubois', totalTime: '8 lessons (4 hrs)' }],
    priceAll: 15,
    language: 'French',
  },
  {
    id: 3,
    cover: yorubaCover,
    coursesName: 'Yoruba Tones and Greetings',
    courTeacher: [{ dcover: avatar5, name: 'Kwame Mensah', totalTime: '15 lessons (7 hrs)' }],
    priceAll: 25,
    language: 'Yoruba',
  },
  {
    id: 4,
    cover: germanCover,
    coursesName: 'German from A1 to B1',
    courTeacher: [
      { dcover: avatar5, name: 'Kwame Mensah', totalTime: '50 lessons (40 hrs)' },
      { dcover: avatar1, name: 'Hannah Weber', totalTime: '20 lessons (15 hrs)' },
    ],
    priceAll: 80,
    pricePer: 10,
    language: 'German',
  },
  {
    id: 5,
    cover: englishCover,
    coursesName: 'Complete English for Work',
    courTeacher: [{ dcover: avatar2, name: 'Amara Okafor', totalTime: '60 lessons (55 hrs)' }],
    priceAll: 250,
    pricePer: 35,
    language: 'English',
  },
  {
    id: 6,
    cover: akanCover,
    coursesName: 'Akan (Twi) from First Words to Fluency',
    courTeacher: [{ dcover: avatar5, name: 'Kwame Mensah', totalTime: '40 lessons (30 hrs)' }],
    priceAll: 150,
    pricePer: 20,
    language: 'Akan',
  },
];
