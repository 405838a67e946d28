import avatar2 from '@/assets/avatars/avatar-2.svg';
import avatar3 from '@/assets/avatars/avatar-3.svg';
import avatar5 from '@/assets/avatars/avatar-5.svg';
import avatar6 from '@/assets/avatars/avatar-6.svg';

/** Texts of the About page (spec section 2.3). */
export const about = {
  intro:
    'We are an online academy for the languages people actually speak at home, at work and on the street: Spanish, French, German, English, and the West African languages Yoruba, Pidgin and Akan.',
  mission:
    'To make learning a language personal and affordable: short video chapters, real assignments and a teacher who answers your messages, wherever you live.',
  vision:
    'A world where every learner can speak with their family, colleagues and neighbours in the language of their choice, and where African languages are taught with the same care as European ones.',
  values: [
    { title: 'Excellence', desc: 'Courses are written and taught by approved, fluent teachers and improved with every review.' },
    { title: 'Innovation', desc: 'We use video, messaging and short assignments to fit practice into busy days.' },
    { title: 'Inclusivity', desc: 'Courses for every background and budget, with free courses in every language we can offer.' },
    { title: 'Community', desc: 'Students and teachers learn from each other, in class and in messages.' },
  ],
  joinUs:
    'Whether you want to greet your grandparents in Yoruba, order coffee in Paris or pass a German exam, there is a course for you. Join thousands of learners and start today.',
} as const;

export interface TeamMember {
  name: string;
  role: string;
  /** URL of the member's picture. */
  photo: string;
}

export const team: TeamMember[] = [
  { name: 'Ngozi Adeyemi', role: 'Founder and Director', photo: avatar2 },
  { name: 'Claire Dubois', role: 'Head of European Languages', photo: avatar3 },
  { name: 'Kofi Asare', role: 'Head of African Languages', photo: avatar5 },
  { name: 'Hannah Weber', role: 'Student Support Lead', photo: avatar6 },
];
