/**
 * The full text of each blog post of blogPosts.ts, by post id, one string per paragraph. Kept
 * apart from the posts' cards so that the home page and the footer do not load it.
 */
export const blogPostTexts: Record<number, readonly string[]> = {
  1: [
    'Greetings matter in Yoruba culture. Saying the right words at the right time of day, and in the right way to an elder, tells people that you were raised well. Here are ten greetings you will hear every day.',
    '"E kaaro" is good morning, "E kaasan" good afternoon and "E kaale" good evening. Before going to sleep, say "O daaro". The "E" at the start shows respect: use it with elders and people you do not know. With friends and younger people, "Kaaro" is enough.',
    'When you meet someone at work, say "E ku ise", well done at work. To someone resting, "E ku isinmi". After a long absence, "E ku ojo meta" means it has been a long time. On a hot day you may hear "E ku ooru", for the heat, and in the rain "E ku ojo".',
    'Body language goes with the words: a man may bow or prostrate to greet an elder, a woman may kneel briefly. You will not be expected to do this as a learner, but a slight bow is always welcome. Practise these greetings in the first chapters of our Yoruba course and try them with your teacher.',
  ],
  2: [
    'Many learners keep their language study for the weekend: two or three hours on a Saturday, then nothing until the next one. It feels productive, but most of it is forgotten by Wednesday.',
    'Memory research has a simple answer: spread the same time out. Fifteen minutes a day, every day, beats two hours once a week, because each short session brings back what you learnt before just as you were about to forget it. That recall is what makes words stick.',
    'Our courses are built for this rhythm. Chapters are short videos you can watch on the bus, and the course page remembers where you stopped. Your teacher sets one assignment a week, so you always have something concrete to practise.',
    'Try it for three weeks: pick a fixed moment of the day, watch one chapter or review one, and write down five new words. Then look back at how much you remember.',
  ],
  3: [
    'Nigerian Pidgin is spoken by tens of millions of people, many of them as their first language. It has its own grammar, its own words and its own literature, radio and news. Calling it broken English misses all of that.',
    'Its grammar is regular and clear. Time is marked with small words before the verb rather than endings: "I go" means I am going or will go, "I don go" means I have gone, and "I bin go" means I went. Plurals often use "dem": "di pikin dem" is the children.',
    'Many words come from English, but others come from Yoruba, Igbo, Portuguese and more, and familiar words may have new meanings. "Sabi" means to know, "wahala" trouble, "chop" to eat.',
    'The first mistake learners make is to speak English with a Nigerian accent. Listen first: our Pidgin English course starts with everyday conversations recorded by native speakers, so you learn the rhythm before the rules.',
  ],
  4: [
    'When you finish a course with us, you receive a certificate that names the course, its level and the chapters and assignments you completed. Employers increasingly ask what such a certificate actually says about you.',
    'Our levels describe tasks, not hours. A beginner certificate says you can greet people, introduce yourself and handle simple everyday exchanges. An intermediate one says you can follow a meeting on a familiar topic and write a clear message. An advanced one says you can work in the language.',
    'On your CV, list the certificate under education or skills with the language, the level and the year, and describe one task you can do. "French, intermediate (2024): I can handle customer calls about orders" tells a recruiter more than a grade.',
    'Certificates are a start, not a finish line. Keep practising with your teacher, and take the next level when your assignments feel easy.',
  ],
  5: [
    'Proverbs are at the heart of Akan speech: a well-chosen proverb can settle an argument or teach a child a lesson. Here are five short ones that beginners can read and remember.',
    '"Obi nkyere abofra Nyame": nobody shows a child the sky. Some things are obvious to everyone. "Dua koro gye mframa a, ebu": when a single tree faces the wind, it breaks. There is strength in unity.',
    '"Se wo were fi na wo sankofa a, yenkyi": it is not wrong to go back for what you forgot. Learning from the past is wise. This is the idea behind the famous Sankofa bird.',
    '"Abofra bo nwa, na ommo akyekyedee": a child may break the shell of a snail, but not of a tortoise. Take on what you can handle. And "Nsa koro nkura adwa": one hand cannot hold the stool, another saying about working together. Our Akan course explains more proverbs as you progress.',
  ],
};
