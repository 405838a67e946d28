import { academy } from './academy';

/** The figures the policies rest on (spec section 9). */
export const policyConstants = {
  minimumAge: 13,
  cancellationNoticeHours: 24,
  refundWorkingDays: '5 to 7',
  lateFeePercent: 10,
  lateFeeAfterDays: 3,
  effectiveDate: 'December 2, 2024',
  governingLaw: 'UK law',
} as const;

export interface PolicySection {
  heading: string;
  paragraphs: string[];
}

export interface Policy {
  title: string;
  summary: string;
  sections: PolicySection[];
}

const { minimumAge, cancellationNoticeHours, refundWorkingDays, lateFeePercent, lateFeeAfterDays, governingLaw } =
  policyConstants;
const { name, email, address } = academy;

const contactSection: PolicySection = {
  heading: 'Contact us',
  paragraphs: [`Questions about this policy can be sent to ${email} or by post to ${name}, ${address}.`],
};

const lawSection: PolicySection = {
  heading: 'Governing law',
  paragraphs: [
    `This policy is governed by ${governingLaw}. Any dispute about it is settled by the courts of the United Kingdom, without affecting any rights you have as a consumer where you live.`,
  ],
};

/** The six static policy pages (spec sections 2.2 and 9). */
export const policies = {
  terms_and_conditions: {
    title: 'Terms and Conditions',
    summary: `These terms apply whenever you use the ${name} website, create an account, or take one of our courses, as a student or as a teacher.`,
    sections: [
      {
        heading: 'Who may use the academy',
        paragraphs: [
          `You must be at least ${minimumAge} years old to create an account. If you are under 18, a parent or guardian must agree to these terms on your behalf and is responsible for your use of the academy.`,
          'Teachers may only register after their application has been approved by the academy.',
        ],
      },
      {
        heading: 'Your account',
        paragraphs: [
          'Keep your password and one-time codes to yourself. You are responsible for everything done with your account, so tell us at once if you think someone else has used it.',
          'The details you give us when you register must be true and kept up to date.',
        ],
      },
      {
        heading: 'Courses and access',
        paragraphs: [
          'When you enrol in a course you get a personal, non-transferable right to watch its chapters and take part in its assignments for as long as the course is offered.',
          'Teachers may update a course, add chapters or replace videos to keep it accurate. We may withdraw a course; if you paid for it, the Refund Policy applies.',
        ],
      },
      {
        heading: 'Acceptable use',
        paragraphs: [
          'Be respectful in messages and reviews. Do not post anything unlawful, hateful, or that invades the privacy of others, and do not try to break or overload the service.',
          'We may suspend an account that breaks these rules, after telling its holder why whenever we can.',
        ],
      },
      {
        heading: 'Payments, refunds and content',
        paragraphs: [
          'Prices, payment and late fees are described in our Payment Policy, refunds and cancellations in our Refund Policy, and the ownership of course material in our Intellectual Property policy. They form part of these terms.',
        ],
      },
      {
        heading: 'Our liability',
        paragraphs: [
          'We teach with care but cannot promise a particular result, exam grade or job. Nothing in these terms limits liability that cannot be limited by law.',
        ],
      },
      lawSection,
      contactSection,
    ],
  },
  payment_policy: {
    title: 'Payment Policy',
    summary: 'How course prices are shown, how you pay, and what happens when a payment is late.',
    sections: [
      {
        heading: 'Prices',
        paragraphs: [
          'Course prices are shown in US dollars on each course page, including any tax we must charge. Some courses are free; they are marked Free.',
          'Full courses can be paid at once or, where a monthly price is shown, month by month.',
        ],
      },
      {
        heading: 'How you pay',
        paragraphs: [
          'Payments are taken by card through our payment provider’s secure checkout page. We never see or store your full card number.',
          'Your enrolment starts as soon as the payment provider confirms the payment.',
        ],
      },
      {
        heading: 'Late payment',
        paragraphs: [
          `Monthly payments are due on the same day each month. If a payment is still outstanding after ${lateFeeAfterDays} days of non-payment, a late fee of ${lateFeePercent}% of the amount due may apply, and access to the course may be paused until the balance is paid.`,
        ],
      },
      {
        heading: 'Refunds and cancellations',
        paragraphs: [`Cancelling a course and getting your money back are covered by our Refund Policy: give ${cancellationNoticeHours} hours notice and refunds are processed in ${refundWorkingDays} working days.`],
      },
      lawSection,
      contactSection,
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    summary: `This policy explains what personal data ${name} collects, why, and the choices you have.`,
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'Students: your name, e-mail address, username, the languages you are interested in, your enrolments, assignments, ratings and messages.',
          'Teachers: your name, e-mail address, phone number, qualification, the languages you teach, your profile picture and the courses you publish.',
          'Payments are handled by our payment provider; we receive only a confirmation that you paid.',
        ],
      },
      {
        heading: 'Why we use it',
        paragraphs: [
          'To run your account, give you access to the courses you enrolled in, let students and teachers exchange messages, send one-time codes and password-reset e-mails, and answer your questions. We do not sell your data.',
        ],
      },
      {
        heading: 'Children',
        paragraphs: [
          `The academy is not meant for children under ${minimumAge}. If we learn that a child under ${minimumAge} has created an account, we will delete it.`,
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: ['We keep your data while your account is open and delete it within a year of its closure, unless the law requires us to keep records of payments for longer.'],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          `You may ask to see, correct, export or delete your personal data, and object to how we use it, by writing to ${email}. You may also complain to the Information Commissioner’s Office.`,
        ],
      },
      lawSection,
      contactSection,
    ],
  },
  cookies: {
    title: 'Cookie Policy',
    summary: 'What this site stores in your browser and why.',
    sections: [
      {
        heading: 'What we store',
        paragraphs: [
          'Login state: when you log in, the browser remembers that you are logged in and your student or teacher number, so you stay logged in between pages. Logging out removes it.',
          'Security cookie: a cookie named XSRF-TOKEN protects your account against forged requests from other websites.',
        ],
      },
      {
        heading: 'What we do not store',
        paragraphs: ['We use no advertising or tracking cookies, and no analytics that follow you to other websites.'],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can delete cookies and site data in your browser’s settings at any time. Without them you will be logged out, and logging in will not work until they are allowed again.',
        ],
      },
      lawSection,
      contactSection,
    ],
  },
  refund: {
    title: 'Refund Policy',
    summary: 'When you can cancel a course or a lesson and get your money back.',
    sections: [
      {
        heading: 'Cancelling',
        paragraphs: [
          `To cancel a course or a scheduled lesson and get a refund, give us at least ${cancellationNoticeHours} hours notice by writing to ${email} with your name and the course.`,
          `Requests made with less than ${cancellationNoticeHours} hours notice are not refunded, unless a teacher cancelled the lesson.`,
        ],
      },
      {
        heading: 'How refunds are paid',
        paragraphs: [
          `Accepted refunds are processed in ${refundWorkingDays} working days and paid back to the card you used. Your bank may take a few more days to show the money.`,
        ],
      },
      {
        heading: 'Courses we withdraw',
        paragraphs: ['If we withdraw a course you paid for, you get a full refund of the part you could not take.'],
      },
      {
        heading: 'Late fees',
        paragraphs: [
          `A late fee of ${lateFeePercent}% charged after ${lateFeeAfterDays} days of non-payment is not refunded, unless the delay was our fault.`,
        ],
      },
      lawSection,
      contactSection,
    ],
  },
  intellectual_property: {
    title: 'Intellectual Property',
    summary: 'Who owns the courses, videos and other material on the academy, and how you may use them.',
    sections: [
      {
        heading: 'Course material',
        paragraphs: [
          'Videos, texts, assignments and images in a course belong to the teacher who made them or to the academy. Teachers give the academy a licence to show them to enrolled students.',
        ],
      },
      {
        heading: 'What you may do',
        paragraphs: [
          'You may watch the chapters of your courses and keep notes for your own learning.',
          'You may not copy, download, share, resell or publish course material, or record it, without written permission from its owner.',
        ],
      },
      {
        heading: 'What you post',
        paragraphs: [
          'Reviews, messages and assignments you write remain yours. You allow the academy to show your reviews on its site and to keep your messages so that you and your teacher can read them.',
        ],
      },
      {
        heading: 'Reporting misuse',
        paragraphs: [`If you believe material on the academy infringes your rights, write to ${email} and we will look into it promptly.`],
      },
      lawSection,
      contactSection,
    ],
  },
} satisfies Record<string, Policy>;
