import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { TeacherLessons } from '@/api';
import { paths, patterns } from '@/config/paths';
import { TeacherAreaLayout } from '@/features/teacher/area/TeacherAreaLayout';
import { TeacherLessonsPage } from '@/features/teacher/lessons/TeacherLessonsPage';
import { mockDb } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls, recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/** The texts of the Lessons screen (ours). */
const messages = {
  title: 'Lessons',
  unsupported: "This academy's provider does not offer lessons.",
  typesHeading: 'Lesson types',
  addType: 'Add lesson type',
  editTypeHeading: 'Edit lesson type',
  save: 'Save',
  titleMissing: 'Please enter a title.',
  priceInvalid: 'Enter a price from 0.01 to 1000.00 dollars.',
  languagesMissing: 'Enter at least one language.',
  languagesTooMany: 'Enter at most 7 languages.',
  languageTooLong: 'Each language must be at most 40 characters long.',
  titleTooLong: 'Too long: at most 80 characters.',
  secondFreeTrial: 'You already offer a free trial: a teacher offers at most one.',
  hoursHeading: 'Your hours',
  timeZone: 'Time zone',
  saveHours: 'Save hours',
  hoursSaved: 'Your hours are saved.',
  endNotAfterStart: 'The end must be after the start.',
  overlap: (day: string) => `These hours overlap other hours of ${day}.`,
  zoneMissing: 'Please choose your time zone.',
  hoursInvalid: 'Enter a whole number of hours from 0 to 168.',
  minNotice: 'Minimum notice (hours)',
  cancellation: 'Cancellation window (hours)',
  cancellationHint: (hours: number) => `Students can cancel or move a lesson under the refund policy until ${hours} hours before it starts.`,
  dayOff: 'Day off',
  addDayOff: 'Add day off',
  previewHeading: 'What students will see',
  noFreeTimes: 'No free times in the next 7 days. Add weekly hours above and save them: students will see the times they leave free.',
};

const asTeacher = loggedInAs({ teacher: 4 });

/** Teacher 4 (Amara Obi) in Lagos, teaching on Monday mornings, with one paid lesson type. */
function arrangeLessons(change: Partial<TeacherLessons> = {}) {
  mockDb.lessons[4] = {
    teacher_id: 4,
    time_zone: 'Africa/Lagos',
    min_notice_hours: 12,
    cancellation_hours: 24,
    weekly_hours: [{ weekday: 1, start: '09:00', end: '12:00' }],
    days_off: [],
    lesson_types: [{ id: 3, teacher_id: 4, title: 'Conversation practice', minutes: 50, free_trial: false, price: '20.00', languages: ['Yoruba', 'Igbo'] }],
    ...change,
  };
}

const renderLessons = () => renderRoute(patterns.teacherLessons, <TeacherLessonsPage />, { preloadedState: asTeacher });

const section = (name: string) => screen.findByRole('region', { name });
const field = (name: string) => screen.getByRole('combobox', { name });
const textbox = (name: string) => screen.getByRole('textbox', { name });

describe('the lesson types', () => {
  it('lists each type, adds a free trial without a price, changes a price and removes a type after asking', async () => {
    arrangeLessons();
    const created = recordSent('createLessonType');
    const updated = recordSent('updateLessonType');
    const { user } = renderLessons();

    const types = await section(messages.typesHeading);
    const paid = within(types).getByRole('listitem', { name: 'Conversation practice' });
    expect(paid).toHaveTextContent('50 minutes · $20.00 · Yoruba, Igbo');

    await user.click(within(types).getByRole('button', { name: messages.addType }));
    const adding = await screen.findByRole('dialog', { name: 'Add lesson type' });
    expect(within(adding).getByRole('textbox', { name: 'Title' })).toHaveFocus();
    expect(within(adding).getByRole('textbox', { name: 'Price (dollars)' })).toBeInTheDocument();
    await enter(user, within(adding).getByRole('textbox', { name: 'Title' }), 'Trial lesson');
    await user.click(within(adding).getByRole('checkbox', { name: 'Free trial' }));
    expect(within(adding).queryByRole('textbox', { name: 'Price (dollars)' })).not.toBeInTheDocument();
    await enter(user, within(adding).getByRole('textbox', { name: 'Languages' }), 'Yoruba, ');
    await user.click(within(adding).getByRole('button', { name: messages.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created.map((call) => call.fields)).toEqual([{ title: 'Trial lesson', minutes: '25', free_trial: 'true', languages: '["Yoruba"]' }]);
    expect(await within(types).findByRole('listitem', { name: 'Trial lesson' })).toHaveTextContent('25 minutes · Free trial · Yoruba');
    expect(await screen.findByText('Trial lesson added')).toBeInTheDocument();

    await user.click(within(paid).getByRole('button', { name: 'Edit Conversation practice' }));
    const editing = await screen.findByRole('dialog', { name: messages.editTypeHeading });
    expect(within(editing).getByRole('textbox', { name: 'Title' })).toHaveValue('Conversation practice');
    expect(within(editing).getByRole('radio', { name: '50 minutes' })).toBeChecked();
    expect(within(editing).getByRole('checkbox', { name: 'Free trial' })).not.toBeChecked();
    expect(within(editing).getByRole('textbox', { name: 'Languages' })).toHaveValue('Yoruba, Igbo');
    const price = within(editing).getByRole('textbox', { name: 'Price (dollars)' });
    expect(price).toHaveValue('20.00');
    await user.clear(price);
    await enter(user, price, '18');
    await user.click(within(editing).getByRole('button', { name: messages.save }));

    await waitFor(() => expect(within(types).getByRole('listitem', { name: 'Conversation practice' })).toHaveTextContent('$18.00'));
    expect(updated.map((call) => [call.params.lesson_type_id, call.fields])).toEqual([
      ['3', { title: 'Conversation practice', minutes: '50', free_trial: 'false', price: '18.00', languages: '["Yoruba","Igbo"]' }],
    ]);

    const trial = within(types).getByRole('listitem', { name: 'Trial lesson' });
    await user.click(within(trial).getByRole('button', { name: 'Remove Trial lesson' }));
    const asking = await screen.findByRole('dialog', { name: 'Remove the lesson type Trial lesson?' });
    expect(within(asking).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(asking).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(within(types).queryByRole('listitem', { name: 'Trial lesson' })).not.toBeInTheDocument());
    expect(mockDb.lessons[4]?.lesson_types.map((type) => type.title)).toEqual(['Conversation practice']);
    await waitFor(() => expect(within(types).getByRole('button', { name: messages.addType })).toHaveFocus());
  });

  it('says under each field what the provider would refuse, and keeps the dialog and its values on a refusal', async () => {
    arrangeLessons({ lesson_types: [{ id: 2, teacher_id: 4, title: 'Trial lesson', minutes: 25, free_trial: true, price: '0.00', languages: ['Yoruba'] }] });
    const created = recordSent('createLessonType');
    const { user } = renderLessons();

    await user.click(await screen.findByRole('button', { name: messages.addType }));
    const dialog = await screen.findByRole('dialog', { name: 'Add lesson type' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    const price = within(dialog).getByRole('textbox', { name: 'Price (dollars)' });
    const languages = within(dialog).getByRole('textbox', { name: 'Languages' });
    await user.click(within(dialog).getByRole('button', { name: messages.save }));

    expect(title).toHaveAccessibleDescription(messages.titleMissing);
    expect(title).toHaveFocus();
    expect(price).toHaveAccessibleDescription(messages.priceInvalid);
    expect(languages).toHaveAccessibleDescription(messages.languagesMissing);

    await enter(user, title, 'x'.repeat(81));
    await enter(user, price, '1000.01');
    await enter(user, languages, 'Yoruba, Igbo, Hausa, Akan, Ewe, Twi, Fula, Wolof');
    await user.click(within(dialog).getByRole('button', { name: messages.save }));
    expect(title).toHaveAccessibleDescription(expect.stringContaining(messages.titleTooLong));
    expect(price).toHaveAccessibleDescription(messages.priceInvalid);
    expect(languages).toHaveAccessibleDescription(messages.languagesTooMany);

    await user.clear(title);
    await enter(user, title, 'Trial two');
    await user.clear(languages);
    await enter(user, languages, `Yoruba, ${'y'.repeat(41)}`);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Free trial' }));
    await user.click(within(dialog).getByRole('button', { name: messages.save }));
    expect(within(dialog).getByRole('checkbox', { name: 'Free trial' })).toHaveAccessibleDescription(messages.secondFreeTrial);
    expect(languages).toHaveAccessibleDescription(messages.languageTooLong);
    expect(created).toEqual([]);

    // Back to a paid lesson: the price typed before comes back.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Free trial' }));
    expect(within(dialog).getByRole('textbox', { name: 'Price (dollars)' })).toHaveValue('1000.01');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Price (dollars)' }));
    await enter(user, within(dialog).getByRole('textbox', { name: 'Price (dollars)' }), '15.5');
    await user.clear(languages);
    await enter(user, languages, 'Yoruba');
    failEndpoint('createLessonType', 400, { msg: 'Lesson types cannot be added while your account is reviewed.', once: true });
    await user.click(within(dialog).getByRole('button', { name: messages.save }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Lesson types cannot be added while your account is reviewed.');
    expect(title).toHaveValue('Trial two');
    expect(within(dialog).getByRole('textbox', { name: 'Price (dollars)' })).toHaveValue('15.5');
    expect(languages).toHaveValue('Yoruba');

    failEndpoint('createLessonType', 400, { msg: 'The price must be from 0.01 to 1000.00 dollars.', once: true });
    await user.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Price (dollars)' })).toHaveAccessibleDescription('The price must be from 0.01 to 1000.00 dollars.'));

    await user.click(within(dialog).getByRole('button', { name: messages.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(created.at(-1)?.fields).toEqual({ title: 'Trial two', minutes: '25', free_trial: 'false', price: '15.50', languages: '["Yoruba"]' });
  });
});

describe('the hours', () => {
  it("proposes the browser's zone, and sends the zone, the week, the days off, the notice and the window with Save hours", async () => {
    const sent = recordSent('updateTeacherLessons');
    const { user } = renderLessons();

    await section(messages.hoursHeading);
    // None saved: the browser's own zone is proposed.
    expect(field(messages.timeZone)).toHaveValue(Intl.DateTimeFormat().resolvedOptions().timeZone);
    await user.selectOptions(field(messages.timeZone), 'Africa/Lagos');

    await user.click(screen.getByRole('button', { name: 'Add hours for Monday' }));
    expect(field('Monday from')).toHaveValue('09:00');
    expect(field('Monday to')).toHaveValue('17:00');
    await user.selectOptions(field('Monday to'), '12:00');
    await user.click(screen.getByRole('button', { name: 'Add hours for Monday' }));
    expect(field('Monday from (2)')).toHaveValue('12:00');
    await user.selectOptions(field('Monday from (2)'), '14:00');
    await user.selectOptions(field('Monday to (2)'), '24:00');
    await user.click(screen.getByRole('button', { name: 'Add hours for Wednesday' }));
    await user.selectOptions(field('Wednesday from'), '16:15');
    await user.selectOptions(field('Wednesday to'), '19:30');
    await user.click(screen.getByRole('button', { name: 'Add hours for Friday' }));
    await user.click(screen.getByRole('button', { name: 'Remove Friday 09:00–17:00' }));
    expect(screen.queryByRole('combobox', { name: 'Friday from' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add hours for Friday' })).toHaveFocus();

    const dayOff = screen.getByLabelText(messages.dayOff);
    await user.type(dayOff, '2026-12-25');
    await user.click(screen.getByRole('button', { name: messages.addDayOff }));
    await user.type(dayOff, '2026-12-24{Enter}');
    const daysOff = screen.getByRole('list', { name: 'Your days off' });
    expect(within(daysOff).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Thursday, 24 December 2026', 'Friday, 25 December 2026']);

    await user.clear(textbox(messages.minNotice));
    await enter(user, textbox(messages.minNotice), '6');
    await user.clear(textbox(messages.cancellation));
    await enter(user, textbox(messages.cancellation), '48');
    expect(textbox(messages.cancellation)).toHaveAccessibleDescription(messages.cancellationHint(48));
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: messages.saveHours }));

    expect(await screen.findByText(messages.hoursSaved)).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([
      {
        time_zone: 'Africa/Lagos',
        min_notice_hours: '6',
        cancellation_hours: '48',
        weekly_hours: JSON.stringify([
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '14:00', end: '24:00' },
          { weekday: 3, start: '16:15', end: '19:30' },
        ]),
        days_off: '["2026-12-24","2026-12-25"]',
      },
    ]);
  });

  it('checks the hours before sending, and keeps every value when the provider refuses them', async () => {
    arrangeLessons({ days_off: ['2026-12-25'] });
    const sent = recordSent('updateTeacherLessons');
    const { user } = renderLessons();

    await section(messages.hoursHeading);
    expect(field(messages.timeZone)).toHaveValue('Africa/Lagos');
    expect(field('Monday from')).toHaveValue('09:00');
    await user.selectOptions(field('Monday to'), '08:00');
    await user.click(screen.getByRole('button', { name: 'Add hours for Tuesday' }));
    await user.click(screen.getByRole('button', { name: 'Add hours for Tuesday' }));
    await user.selectOptions(field('Tuesday from (2)'), '16:45');
    await user.selectOptions(field(messages.timeZone), '');
    await user.clear(textbox(messages.minNotice));
    await enter(user, textbox(messages.minNotice), '169');
    await user.clear(textbox(messages.cancellation));
    await user.click(screen.getByRole('button', { name: messages.saveHours }));

    expect(field(messages.timeZone)).toHaveAccessibleDescription(messages.zoneMissing);
    expect(field(messages.timeZone)).toHaveFocus();
    expect(field('Monday to')).toHaveAccessibleDescription(messages.endNotAfterStart);
    expect(field('Tuesday from (2)')).toHaveAccessibleDescription(messages.overlap('Tuesday'));
    expect(textbox(messages.minNotice)).toHaveAccessibleDescription(messages.hoursInvalid);
    expect(textbox(messages.cancellation)).toHaveAccessibleDescription(messages.hoursInvalid);
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(screen.getByLabelText(messages.dayOff)).toHaveAccessibleDescription('Please choose a date.');
    await user.type(screen.getByLabelText(messages.dayOff), '2026-12-25');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    expect(screen.getByLabelText(messages.dayOff)).toHaveAccessibleDescription('This day is already a day off.');
    expect(sent).toEqual([]);

    await user.selectOptions(field(messages.timeZone), 'Europe/London');
    await user.selectOptions(field('Monday to'), '11:00');
    await user.selectOptions(field('Tuesday from (2)'), '17:00');
    await user.selectOptions(field('Tuesday to (2)'), '18:00');
    await user.clear(textbox(messages.minNotice));
    await enter(user, textbox(messages.minNotice), '0');
    await enter(user, textbox(messages.cancellation), '168');
    failEndpoint('updateTeacherLessons', 400, { msg: 'The hours of Tuesday overlap.', once: true });
    await user.click(screen.getByRole('button', { name: messages.saveHours }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The hours of Tuesday overlap.');
    expect(field(messages.timeZone)).toHaveValue('Europe/London');
    expect(field('Monday to')).toHaveValue('11:00');
    expect(field('Tuesday from (2)')).toHaveValue('17:00');
    expect(textbox(messages.minNotice)).toHaveValue('0');
    expect(textbox(messages.cancellation)).toHaveValue('168');
    expect(screen.getByRole('list', { name: 'Your days off' })).toHaveTextContent('Friday, 25 December 2026');
    expect(sent).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Remove Friday, 25 December 2026' }));
    expect(screen.queryByRole('list', { name: 'Your days off' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(messages.dayOff)).toHaveFocus();
  });
});

describe('what students will see', () => {
  it("shows the next 7 days' free times as wall times of the teacher's zone, and reads them again after a save", async () => {
    arrangeLessons();
    const reads = recordCalls('getTeacherFreeTimes');
    // The provider's free times: none until Friday has hours, then two on Monday 7 and one on Tuesday 8 December (UTC).
    mockEndpoint('getTeacherFreeTimes', () => ({
      time_zone: 'Africa/Lagos',
      minutes: 25 as const,
      times: mockDb.lessons[4]?.weekly_hours.some((range) => range.weekday === 5)
        ? [
            { start: '2026-12-07T08:00:00.000Z', end: '2026-12-07T08:25:00.000Z' },
            { start: '2026-12-07T08:30:00.000Z', end: '2026-12-07T08:55:00.000Z' },
            { start: '2026-12-08T23:30:00.000Z', end: '2026-12-08T23:55:00.000Z' },
          ]
        : [],
    }));
    const { user } = renderLessons();

    const preview = await section(messages.previewHeading);
    expect(await within(preview).findByText(messages.noFreeTimes)).toBeInTheDocument();
    expect(reads.map((call) => call.query)).toEqual([{ days: '7', minutes: '25' }]);

    await user.click(screen.getByRole('button', { name: 'Add hours for Friday' }));
    await user.click(screen.getByRole('button', { name: messages.saveHours }));

    expect(await within(preview).findByText('Times in Africa/Lagos')).toBeInTheDocument();
    // 08:00Z is 09:00 in Lagos (UTC+1), and 23:30Z on the 8th is 00:30 on the 9th there.
    expect(within(within(preview).getByRole('list', { name: 'Free times on Monday 7 December' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '09:00',
      '09:30',
    ]);
    expect(within(within(preview).getByRole('list', { name: 'Free times on Wednesday 9 December' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '00:30',
    ]);
    expect(within(preview).queryByText(messages.noFreeTimes)).not.toBeInTheDocument();
    expect(reads).toHaveLength(2);
  });
});

describe('a provider without lessons', () => {
  const renderInArea = () =>
    renderWithProviders(
      <Routes>
        <Route element={<TeacherAreaLayout />}>
          <Route path={patterns.teacherLessons} element={<TeacherLessonsPage />} />
        </Route>
      </Routes>,
      { route: paths.teacherLessons, preloadedState: asTeacher },
    );
  const menuLinks = async () => within(await screen.findByRole('navigation', { name: 'Teacher area' })).getAllByRole('link').map((link) => link.textContent);

  it.each([404, 405] as const)('leaves Lessons out of the menu and says so on the screen (%s)', async (status) => {
    mockEndpoint('getTeacherLessons', { status, body: { msg: 'Not Found' } });
    renderInArea();

    expect(await screen.findByText(messages.unsupported)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: messages.title })).toBeInTheDocument();
    expect(await menuLinks()).not.toContain('Lessons');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
