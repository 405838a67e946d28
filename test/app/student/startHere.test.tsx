/**
 * The first minute (issue 39, item 4): 'What will you learn?' after the code (languages and a level,
 * saved on the provider or, without the extension, in the browser; skippable), Start here (courses
 * for the languages, the level and the interests, the first step one tap away) and a new student's
 * dashboard (the next step, not zeros).
 */
import { screen, within } from '@testing-library/react';
import type { Course } from '@/api/generated';
import { paths, patterns } from '@/config/paths';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import { StartHerePage } from '@/features/student/start/StartHerePage';
import * as fixtures from '@test/handlers/fixtures';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderRoute } from '@test/render';

const asStudent = { preloadedState: loggedInAs({ student: 7 }) };
const openStep = () => renderRoute(patterns.studentStart, <StartHerePage />, { ...asStudent, route: paths.studentGoals });
const openStart = () => renderRoute(patterns.studentStart, <StartHerePage />, asStudent);

/** A Yoruba course beside the fixtures' 'Yoruba for Beginners' (course 1, student 7 enrolled). */
function addYoruba(id: number, title: string, overrides: Partial<Course>) {
  mockDb.courses.push({ ...fixtures.paidCourse, id, title, related_videos: '[]', total_enrolled_students: 0, ...overrides });
}

async function section(name: string) {
  return screen.findByRole('region', { name });
}

describe('What will you learn?', () => {
  it('saves the languages and the level on the provider, then shows Start here for them', async () => {
    const { user } = openStep();

    expect(await screen.findByRole('heading', { level: 1, name: 'What will you learn?' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Yoruba' }));
    await user.click(screen.getByRole('radio', { name: "A1 I'm just starting" }));
    expect(screen.getByRole('radio', { name: 'Not sure Show me courses of every level' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Start here' })).toBeInTheDocument();
    expect(mockDb.learningGoals[7]).toEqual({ learning_languages: ['Yoruba'], level: 'A1' });
    expect(screen.getByText(/You chose Yoruba, A1\./)).toBeInTheDocument();
    const yoruba = await section('Because you chose Yoruba');
    // Enrolled in course 1: its first chapter opens in the player.
    expect(await within(yoruba).findByRole('link', { name: 'Start the first chapter' })).toHaveAttribute('href', '/learn/1/11');
  });

  it('is skipped with Skip for now: Start here then uses the interests ticked at sign-up', async () => {
    const { user } = openStep();

    await user.click(await screen.findByRole('button', { name: 'Skip for now' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Start here' })).toBeInTheDocument();
    expect(mockDb.learningGoals[7]).toBeUndefined();
    expect(screen.getByText(/Tell us what you want to learn/)).toBeInTheDocument();
    expect(await within(await section('Because you are interested in Yoruba')).findByRole('link', { name: 'Yoruba for Beginners' })).toBeInTheDocument();
  });

  it('keeps the choice in the browser on a provider without learning goals', async () => {
    failEndpoint('getLearningGoals', 404);
    failEndpoint('updateLearningGoals', 404);
    const { user } = openStep();

    await user.click(await screen.findByRole('checkbox', { name: 'French' }));
    await user.click(screen.getByRole('radio', { name: /^B1 / }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Start here' })).toBeInTheDocument();
    expect(screen.getByText(/You chose French, B1\./)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('learningGoals.7')!)).toEqual({ learning_languages: ['French'], level: 'B1' });
    expect(await section('Because you chose French')).toBeInTheDocument();
  });
});

describe('Start here', () => {
  it('shows the courses of the level (same, all levels, one below, not another), with the free preview one tap away', async () => {
    mockDb.learningGoals[7] = { learning_languages: ['Yoruba'], level: 'A2' };
    mockDb.courses[0]!.level = 'B2';
    addYoruba(3, 'Yoruba Stories', { level: 'A1', course_chapters: [{ id: 31, title: 'Once upon a time', video: '/media/chapter_videos/story.webm', is_preview: true }] });
    addYoruba(4, 'Yoruba for Everyone', { level: 'all', course_chapters: [{ id: 41, title: 'Hello', video: null }] });
    addYoruba(5, 'Yoruba Small Talk', { level: 'A2', course_chapters: [] });
    const { user } = openStart();

    const yoruba = await section('Because you chose Yoruba');
    const titles = async () => (await within(yoruba).findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent);
    expect(await titles()).toEqual(['Yoruba Small Talk', 'Yoruba for Everyone', 'Yoruba Stories']);
    expect(within(yoruba).getAllByRole('link', { name: 'Open the course' }).map((link) => link.getAttribute('href'))).toEqual(['/detail/5', '/detail/4']);

    await user.click(within(yoruba).getByRole('button', { name: 'Play the free preview Once upon a time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Once upon a time' });
    expect(within(dialog).getByLabelText('Once upon a time')).toHaveAttribute('src', 'http://localhost/media/chapter_videos/story.webm');
  });

  it('lists the most popular courses when the student chose nothing and ticked no interest', async () => {
    mockDb.students[0]!.interested_categories = '';
    openStart();

    expect(await within(await section('Popular with students')).findByRole('link', { name: 'Pidgin Basics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change your choices' })).toHaveAttribute('href', '/student-start?step=goals');
  });
});

describe('a new student\'s dashboard', () => {
  it('says what to do next, with Start here and the catalogue, instead of zero counts', async () => {
    mockDb.enrolments = [];
    mockDb.assignments = [];
    renderRoute(patterns.studentDashboard, <StudentDashboardPage />, asStudent);

    const step = await section('Your first step');
    expect(within(step).getByRole('link', { name: 'Start here' })).toHaveAttribute('href', '/student-start');
    expect(within(step).getByRole('link', { name: 'Browse all courses' })).toHaveAttribute('href', '/all-courses');
    expect(screen.queryByRole('link', { name: /Enrolled Courses/ })).not.toBeInTheDocument();
  });
});
