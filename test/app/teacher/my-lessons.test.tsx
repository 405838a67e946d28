import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { TeacherMyLessonsPage } from '@/features/lessons/mine/MyLessonsPages';
import { TeacherAreaLayout } from '@/features/teacher/area/TeacherAreaLayout';
import { mockDb } from '@test/handlers/mockDb';
import { mockEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute, renderWithProviders } from '@test/render';
import { arrangeTeacherLessons, fakeNow, lessonOf, viewerZone } from '../lessons/lessonsTestKit';

/** The teacher's My lessons (issue 40). Now is Tuesday 1 December 2026, 10:00 UTC; the teacher reads times in Lagos (UTC+1). */
beforeEach(() => {
  fakeNow();
  viewerZone('Africa/Lagos');
  arrangeTeacherLessons();
});

const asTeacher = loggedInAs({ teacher: 4 });
const openMyLessons = () => renderRoute(patterns.teacherMyLessons, <TeacherMyLessonsPage />, { preloadedState: asTeacher });
const upcoming = () => screen.findByRole('list', { name: 'Upcoming lessons' });

describe("the teacher's My lessons", () => {
  it("lists the lessons booked with the teacher, with the student's name; a lesson awaiting payment is the student's until paid", async () => {
    mockDb.bookings = [
      lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z' }),
      lessonOf({ id: 2, title: 'Reading aloud', starts_at: '2026-12-14T08:00:00.000Z', status: 'awaiting_payment', pay_until: '2026-12-01T10:30:00.000Z' }),
      lessonOf({ id: 3, title: 'Grammar clinic', starts_at: '2026-11-30T08:00:00.000Z', status: 'cancelled', cancelled_by: 'student', refund: 'none' }),
    ];
    const { user } = openMyLessons();

    const lessons = within(await upcoming()).getAllByRole('listitem');
    expect(lessons.map((lesson) => lesson.getAttribute('aria-label'))).toEqual(['Conversation practice']);
    expect(lessons[0]).toHaveTextContent('With Ada Lovelace');
    expect(lessons[0]).toHaveTextContent('Monday, 7 December 2026, 09:00–09:50 (Africa/Lagos)');
    expect(within(lessons[0] as HTMLElement).queryByRole('button', { name: 'Move Conversation practice' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Past' }));
    const past = within(await screen.findByRole('list', { name: 'Past lessons' })).getByRole('listitem', { name: 'Grammar clinic' });
    expect(past).toHaveTextContent('Cancelled by the student');
    expect(past).toHaveTextContent('No refund');
  });

  it('cancels with the reason the student reads, required, saying the student gets a full refund', async () => {
    mockDb.bookings = [lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z' })];
    const cancels = recordSent('cancelLesson');
    const { user } = openMyLessons();

    await user.click(within(await upcoming()).getByRole('button', { name: 'Cancel Conversation practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Conversation practice?' });
    expect(dialog).toHaveTextContent('Ada Lovelace gets a full refund and reads your reason.');
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));
    expect(reason).toHaveAccessibleDescription('Please write the reason for the student.');
    expect(reason).toHaveAttribute('maxlength', '500');
    expect(cancels).toHaveLength(0);

    await enter(user, reason, 'I am ill; I am sorry. Please book another time.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));

    expect(await screen.findByText('Conversation practice cancelled')).toBeInTheDocument();
    expect(cancels.map((call) => [call.params.lesson_id, call.fields])).toEqual([['1', { reason: 'I am ill; I am sorry. Please book another time.' }]]);
    expect(mockDb.bookings[0]).toMatchObject({ status: 'cancelled', cancelled_by: 'teacher', refund: 'full' });
    expect(await screen.findByText('No upcoming lessons.')).toBeInTheDocument();
  });

  it('offers Join while the room is open, and the note once the lesson has started: what it covered and the homework', async () => {
    mockDb.bookings = [
      // Started five minutes ago (now is 10:00 UTC): the room is open and the note may be written.
      lessonOf({ id: 1, starts_at: '2026-12-01T09:55:00.000Z', minutes: 25 }),
      lessonOf({ id: 2, title: 'Reading aloud', starts_at: '2026-12-07T08:00:00.000Z' }),
    ];
    const notes = recordSent('writeLessonNote');
    const { user } = openMyLessons();

    const now = within(await upcoming()).getByRole('listitem', { name: 'Conversation practice' });
    expect(within(now).getByRole('link', { name: 'Join Conversation practice' })).toHaveAttribute('href', paths.lessonRoom(1));
    expect(within(now).queryByRole('button', { name: 'Cancel Conversation practice' })).not.toBeInTheDocument();
    const later = within(await upcoming()).getByRole('listitem', { name: 'Reading aloud' });
    expect(within(later).queryByRole('link', { name: 'Join Reading aloud' })).not.toBeInTheDocument();
    expect(within(later).queryByRole('button', { name: 'Write the note of Reading aloud' })).not.toBeInTheDocument();

    await user.click(within(now).getByRole('button', { name: 'Write the note of Conversation practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note on Conversation practice with Ada Lovelace' });
    const note = within(dialog).getByRole('textbox', { name: 'What the lesson covered' });
    expect(note).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));
    expect(note).toHaveAccessibleDescription('Please write what the lesson covered.');
    expect(notes).toHaveLength(0);
    expect(within(dialog).getByRole('link', { name: 'Set Ada Lovelace a new assignment' })).toHaveAttribute('href', paths.addAssignment(7, 4));

    await enter(user, note, 'Greetings at different times of day.');
    const homework = within(dialog).getByRole('combobox', { name: 'Homework' });
    await waitFor(() => expect(within(homework).getByRole('option', { name: 'Write five greetings' })).toBeInTheDocument());
    await user.selectOptions(homework, 'Write five greetings');
    await user.click(within(dialog).getByRole('button', { name: 'Save note' }));

    expect(await screen.findByText('The note of Conversation practice is saved')).toBeInTheDocument();
    expect(notes.map((call) => call.fields)).toEqual([{ note: 'Greetings at different times of day.', homework_assignment_id: '21' }]);
    const noted = within(await upcoming()).getByRole('listitem', { name: 'Conversation practice' });
    expect(await within(noted).findByText('Your note: Greetings at different times of day.')).toBeInTheDocument();
    expect(within(noted).getByRole('link', { name: 'Homework' })).toHaveAttribute('href', paths.teacherAssignment(21));
    expect(within(noted).getByRole('button', { name: 'Write the note of Conversation practice' })).toHaveTextContent('Edit note');
  });

  it("keeps the dialog open with the provider's refusal", async () => {
    mockDb.bookings = [lessonOf({ id: 1, starts_at: '2026-12-07T08:00:00.000Z' })];
    mockEndpoint('cancelLesson', { status: 400, body: { msg: 'This lesson has already started.' } });
    const { user } = openMyLessons();

    await user.click(within(await upcoming()).getByRole('button', { name: 'Cancel Conversation practice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Conversation practice?' });
    await enter(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'I am ill.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel lesson' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This lesson has already started.');
  });

  it("shows the calendar address and renews it after saying the old one stops working", async () => {
    const renewals = recordSent('renewTeacherLessonCalendar');
    const { user } = openMyLessons();
    const calendar = await screen.findByRole('region', { name: 'Add to your calendar' });

    await user.click(within(calendar).getByRole('button', { name: 'Show the address' }));
    const address = await within(calendar).findByRole('textbox', { name: 'Calendar address' });
    expect(address).toHaveValue('http://localhost/api/lesson-calendars/teacher-4-feed-1/');

    await user.click(within(calendar).getByRole('button', { name: 'Renew address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew the calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(renewals).toHaveLength(0);
    await user.click(within(calendar).getByRole('button', { name: 'Renew address' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Renew the calendar address?' })).getByRole('button', { name: 'Renew address' }));

    await waitFor(() => expect(address).toHaveValue('http://localhost/api/lesson-calendars/teacher-4-feed-2/'));
    expect(renewals).toHaveLength(1);
  });
});

describe('the menu entry', () => {
  const renderInArea = () =>
    renderWithProviders(
      <Routes>
        <Route element={<TeacherAreaLayout />}>
          <Route path={patterns.teacherMyLessons} element={<TeacherMyLessonsPage />} />
        </Route>
      </Routes>,
      { route: paths.teacherMyLessons, preloadedState: asTeacher },
    );
  const menuLinks = async () => within(await screen.findByRole('navigation', { name: 'Teacher area' })).getAllByRole('link').map((link) => link.textContent);

  it.each([404, 405] as const)('and the lists are left out on a provider without them (%s)', async (status) => {
    mockEndpoint('getTeacherBookings', { status, body: { msg: 'Not Found' } });
    renderInArea();

    expect(await screen.findByText("This academy's provider does not offer lessons.")).toBeInTheDocument();
    await waitFor(async () => expect(await menuLinks()).not.toContain('My lessons'));
    expect(await menuLinks()).toContain('Lessons');
  });
});
