import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { paths, patterns } from '@/config/paths';
import { ProfileSettingPage } from '@/features/student/area/ProfileSettingPage';
import { StudentAreaLayout } from '@/features/student/area/StudentAreaLayout';
import { StudentDashboardPage } from '@/features/student/area/StudentDashboardPage';
import { TeacherProfileSettingPage } from '@/features/teacher/profile/TeacherProfileSettingPage';
import { useFakeUploads } from '@test/fakeUploads';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { recordCalls } from '@test/recordCalls';
import { loggedInAs, renderRoute, renderWithProviders } from '@test/render';

/** The texts both profile pages share (spec section 8: 'Data has been updated'; the others are ours). */
const formMessages = {
  profileSettingTitle: 'Profile Setting',
  fullNameLabel: 'Full Name',
  emailLabel: 'Email',
  updateButton: 'Update',
  profileUpdated: 'Data has been updated',
  fullNameRequired: 'Please enter your full name.',
  emailInvalid: 'Please enter a valid e-mail address.',
};

const studentMessages = {
  ...formMessages,
  loadingProfile: 'Loading your data',
  usernameLabel: 'Username',
  interestsLabel: 'Interested Categories',
  interestsHint: 'The languages you would like to learn; we recommend courses in them.',
  categoriesFailed: 'The categories could not be loaded; your interests stay as they are.',
  usernameRequired: 'Please enter a username.',
  areaNavLabel: 'Student area',
  dashboardLink: 'Dashboard',
  profileSettingLink: 'Profile Setting',
  greeting: (name: string) => `Welcome, ${name}`,
};

const teacherMessages = {
  ...formMessages,
  loadingProfile: 'Loading your profile',
  mobileLabel: 'Mobile Number',
  skillsLabel: 'Skills',
  qualificationLabel: 'Qualification',
  qualificationHint: 'BSc | MSc',
  profileImageLabel: 'Profile Image',
  loginViaOtpLabel: 'Login via OTP',
  loginViaOtpHint: 'When on, each login is completed with a 6-digit code sent to your e-mail.',
  mobileInvalid: 'Please enter digits only (a leading + is allowed).',
};

/** What differs between the two profile pages (spec sections 2.4, 2.5 and 8). */
const sides = [
  {
    side: 'student',
    pattern: patterns.profileSetting,
    page: <ProfileSettingPage />,
    session: loggedInAs({ student: 7 }),
    messages: studentMessages,
    loadEndpoint: 'getStudent',
    loadFailed: 'Failed to get student data',
    endpoint: 'updateStudent',
    fullName: 'Ada Lovelace',
    /** A field of the side's own that a DRF field map refuses. */
    mapped: { label: studentMessages.usernameLabel, name: 'username', message: 'A user with that username already exists.' },
  },
  {
    side: 'teacher',
    pattern: patterns.teacherProfileSetting,
    page: <TeacherProfileSettingPage />,
    session: loggedInAs({ teacher: 4 }),
    messages: teacherMessages,
    loadEndpoint: 'getTeacher',
    loadFailed: 'Failed to get teacher data',
    endpoint: 'updateTeacher',
    fullName: 'Amara Obi',
    mapped: { label: teacherMessages.mobileLabel, name: 'mobile_no', message: 'Enter a valid phone number.' },
  },
] as const;

type Side = (typeof sides)[number];

/** Opens the side's profile page alone on its route. */
async function openProfile(side: Side) {
  const view = renderRoute(side.pattern, side.page, { preloadedState: side.session });
  await screen.findByRole('heading', { level: 1, name: side.messages.profileSettingTitle });
  const fullName = await screen.findByRole('textbox', { name: side.messages.fullNameLabel });
  return { ...view, fullName, email: screen.getByRole('textbox', { name: side.messages.emailLabel }) };
}

const updateButton = (side: Side) => screen.getByRole('button', { name: side.messages.updateButton });

describe.each(sides)('$side profile setting', (side) => {
  const update = () => updateButton(side);

  it("puts the provider's refusal under the e-mail field it concerns and keeps the values", async () => {
    const taken = 'An account with this e-mail address already exists.';
    failEndpoint(side.endpoint, 400, { msg: taken });
    const { user, email, fullName } = await openProfile(side);

    await user.clear(email);
    await user.paste('taken@academy.test');
    await user.click(update());

    await waitFor(() => expect(email).toHaveAccessibleDescription(taken));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(email).toHaveValue('taken@academy.test');
    expect(fullName).toHaveValue(side.fullName);
    expect(screen.queryByText(side.messages.profileUpdated)).not.toBeInTheDocument();
    expect(screen.getAllByText(taken)).toHaveLength(1);
  });

  it('puts the messages of a DRF field map under their fields', async () => {
    mockEndpoint(side.endpoint, { status: 400, body: { [side.mapped.name]: [side.mapped.message] } });
    const { user, email } = await openProfile(side);
    const field = screen.getByRole('textbox', { name: side.mapped.label });

    await user.click(update());

    await waitFor(() => expect(field).toHaveAccessibleDescription(side.mapped.message));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it("says a DRF map's non_field_errors under the form beside its field messages", async () => {
    mockEndpoint(side.endpoint, {
      status: 400,
      body: { [side.mapped.name]: [side.mapped.message], non_field_errors: ['Profiles cannot be changed during an exam.'] },
    });
    const { user } = await openProfile(side);
    const field = screen.getByRole('textbox', { name: side.mapped.label });

    await user.click(update());

    await waitFor(() => expect(field).toHaveAccessibleDescription(side.mapped.message));
    expect(field).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Profiles cannot be changed during an exam.');
  });

  it('says what went wrong under the form on a refusal about no field, a server failure and a network failure, keeping the values', async () => {
    const { user, fullName } = await openProfile(side);
    await user.type(fullName, ' Byron');

    for (const [fail, text] of [
      [() => failEndpoint(side.endpoint, 400, { msg: 'Profiles are locked today.', once: true }), 'Profiles are locked today.'],
      [() => failEndpoint(side.endpoint, 500, { once: true }), 'The server ran into a problem. Please try again in a few minutes.'],
      [() => failEndpoint(side.endpoint, 'network', { once: true }), 'No response from the server. Please try again later.'],
    ] as const) {
      fail();
      await user.click(update());

      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
      expect(fullName).toHaveValue(`${side.fullName} Byron`);
    }
  });

  it('checks the full name and the e-mail address before sending and says what is wrong under each', async () => {
    const updates = recordCalls(side.endpoint);
    const { user, fullName, email } = await openProfile(side);

    await user.clear(fullName);
    await user.clear(email);
    await user.paste('not-an-address');
    await user.click(update());

    expect(fullName).toHaveAccessibleDescription(side.messages.fullNameRequired);
    expect(email).toHaveAccessibleDescription(side.messages.emailInvalid);
    expect(fullName).toHaveFocus();
    expect(updates).toHaveLength(0);

    await user.type(fullName, 'Ada');
    expect(fullName).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('student profile setting', () => {
  const [student] = sides;
  const messages = studentMessages;
  const update = () => updateButton(student);

  async function openStudentProfile() {
    const view = await openProfile(student);
    return {
      ...view,
      username: screen.getByRole('textbox', { name: messages.usernameLabel }),
      interests: screen.getByRole('group', { name: messages.interestsLabel }),
    };
  }

  /** What each update sent, as the default (stateful) mocked provider received it. */
  const sentUpdates = async (updates: ReturnType<typeof recordCalls<'updateStudent'>>) => Promise.all(updates.map((call) => sentFields(call.request)));

  it('shows the student’s data, and the categories as choices with the current interests ticked', async () => {
    const { fullName, email, username, interests } = await openStudentProfile();

    expect(fullName).toHaveValue('Ada Lovelace');
    expect(email).toHaveValue('student@academy.test');
    expect(username).toHaveValue('ada');
    expect(interests).toHaveAccessibleDescription(messages.interestsHint);
    await within(interests).findAllByRole('checkbox');
    const choices = within(interests).getAllByRole('checkbox');
    expect(choices).toHaveLength(3);
    expect(within(interests).getByRole('checkbox', { name: 'Spanish' })).not.toBeChecked();
    expect(within(interests).getByRole('checkbox', { name: 'French' })).not.toBeChecked();
    expect(within(interests).getByRole('checkbox', { name: 'Yoruba' })).toBeChecked();
  });

  // The dashboard read before and after is the point: both screens in the area's layout, moved between by its menu.
  it("saves the changes, says 'Data has been updated', and refreshes the dashboard's greeting already read", async () => {
    const updates = recordCalls('updateStudent');
    const { user } = renderWithProviders(
      <Routes>
        <Route element={<StudentAreaLayout />}>
          <Route path={patterns.studentDashboard} element={<StudentDashboardPage />} />
          <Route path={patterns.profileSetting} element={<ProfileSettingPage />} />
        </Route>
      </Routes>,
      { route: paths.studentDashboard, preloadedState: student.session },
    );
    expect(await screen.findByText(messages.greeting('Ada Lovelace'))).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: messages.areaNavLabel });

    await user.click(within(sidebar).getByRole('link', { name: messages.profileSettingLink }));
    const fullName = await screen.findByRole('textbox', { name: messages.fullNameLabel });
    await user.clear(fullName);
    await user.paste('Ada King');
    await user.click(await within(screen.getByRole('group', { name: messages.interestsLabel })).findByRole('checkbox', { name: 'French' }));
    await user.click(update());

    expect(await screen.findByText(messages.profileUpdated)).toBeInTheDocument();
    expect(await sentUpdates(updates)).toEqual([
      { full_name: 'Ada King', email: 'student@academy.test', username: 'ada', interested_categories: 'Yoruba, French' },
    ]);
    expect(fullName).toHaveValue('Ada King');

    await user.click(within(sidebar).getByRole('link', { name: messages.dashboardLink }));
    expect(await screen.findByText(messages.greeting('Ada King'))).toBeInTheDocument();
  });

  it('leaves the interests out while they are untouched, so the provider keeps its text', async () => {
    const updates = recordCalls('updateStudent');
    const { user } = await openStudentProfile();

    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    expect(await sentUpdates(updates)).toEqual([{ full_name: 'Ada Lovelace', email: 'student@academy.test', username: 'ada' }]);
  });

  it('keeps interests that are no category, and drops them when unticked', async () => {
    mockDb.students[0]!.interested_categories = 'yoruba, Igbo';
    const updates = recordCalls('updateStudent');
    const { user, interests } = await openStudentProfile();

    expect(await within(interests).findByRole('checkbox', { name: 'Yoruba' })).toBeChecked();
    const igbo = within(interests).getByRole('checkbox', { name: 'Igbo' });
    expect(igbo).toBeChecked();
    await user.click(within(interests).getByRole('checkbox', { name: 'Spanish' }));
    await user.click(igbo);
    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    expect((await sentUpdates(updates))[0]?.interested_categories).toBe('Yoruba, Spanish');
  });

  it("shows the provider's message under the username it concerns and keeps the values", async () => {
    const msg = 'This username is already taken.';
    failEndpoint('updateStudent', 400, { msg });
    const { user, fullName, email, username } = await openStudentProfile();

    await user.clear(email);
    await user.paste('taken@academy.test');
    await user.clear(username);
    await user.paste('taken');
    await user.click(update());

    await waitFor(() => expect(username).toHaveAccessibleDescription(msg));
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(fullName).toHaveValue('Ada Lovelace');
    expect(email).toHaveValue('taken@academy.test');
    expect(username).toHaveValue('taken');
    expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument();
    expect(screen.getAllByText(msg)).toHaveLength(1);
  });

  it('says under the username that it is required, and sends nothing', async () => {
    const updates = recordCalls('updateStudent');
    const { user, username } = await openStudentProfile();

    await user.clear(username);
    await user.click(update());

    expect(username).toHaveAccessibleDescription(messages.usernameRequired);
    expect(username).toHaveFocus();
    expect(updates).toHaveLength(0);
  });

  it('still saves the other fields when the categories cannot be read', async () => {
    failEndpoint('listCategories', 500);
    const updates = recordCalls('updateStudent');
    const { user, interests } = await openStudentProfile();

    expect(await within(interests).findByRole('alert')).toHaveTextContent(messages.categoriesFailed);
    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    expect(await sentUpdates(updates)).toEqual([{ full_name: 'Ada Lovelace', email: 'student@academy.test', username: 'ada' }]);
  });
});

describe('teacher profile setting', () => {
  const [, teacher] = sides;
  const messages = teacherMessages;
  const update = () => updateButton(teacher);
  /** The previews' names (shared FileField: 'Current {label}', 'New {label} (preview)'). */
  const currentImage = 'Current profile image';
  const newImage = 'New profile image (preview)';

  // jsdom has no object URLs; the browser makes one per chosen file for its preview.
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:http://localhost/new-photo');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  async function openTeacherProfile() {
    const view = await openProfile(teacher);
    return {
      ...view,
      mobile: screen.getByRole('textbox', { name: messages.mobileLabel }),
      skills: screen.getByRole('textbox', { name: messages.skillsLabel }),
      qualification: screen.getByRole('textbox', { name: messages.qualificationLabel }),
      otp: screen.getByRole('switch', { name: messages.loginViaOtpLabel }),
      imageInput: screen.getByLabelText(messages.profileImageLabel),
    };
  }

  it("loads the teacher's data into the fields, with the current image and the hints", async () => {
    const { fullName, email, mobile, skills, qualification, otp } = await openTeacherProfile();

    expect(fullName).toHaveValue('Amara Obi');
    expect(email).toHaveValue('teacher@academy.test');
    expect(email).toHaveAttribute('type', 'email');
    expect(mobile).toHaveValue('07700900123');
    expect(mobile).toHaveAttribute('inputmode', 'numeric');
    expect(skills).toHaveValue('Yoruba, English');
    expect(qualification).toHaveValue('MA Linguistics');
    expect(qualification).toHaveAccessibleDescription(messages.qualificationHint);
    expect(otp).not.toBeChecked();
    expect(otp).toHaveAccessibleDescription(messages.loginViaOtpHint);
    expect(screen.getByRole('img', { name: currentImage })).toHaveAttribute('src', 'http://localhost/media/teacher_images/amara.svg');
    expect(screen.queryByRole('img', { name: newImage })).not.toBeInTheDocument();
  });

  it("saves the fields and 'Login via OTP' without an image when none was chosen, and says 'Data has been updated' for 3 s", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const updates = recordCalls('updateTeacher');
    const { user, fullName, otp } = await openTeacherProfile();

    await user.clear(fullName);
    await user.paste('Amara N. Obi');
    await user.click(otp);
    await user.click(update());

    const toast = await screen.findByText(messages.profileUpdated);
    expect(await Promise.all(updates.map((call) => sentFields(call.request)))).toEqual([
      {
        full_name: 'Amara N. Obi',
        email: 'teacher@academy.test',
        mobile_no: '07700900123',
        skills: 'Yoruba, English',
        qualification: 'MA Linguistics',
        login_via_otp: 'true',
      },
    ]);
    expect(fullName).toHaveValue('Amara N. Obi');
    expect(otp).toBeChecked();

    await act(async () => {
      jest.advanceTimersByTime(2500);
    });
    expect(toast).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1500);
    });
    await waitFor(() => expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument());
  });

  it('previews a newly chosen image beside the current one and sends it with the update', async () => {
    const updates = recordCalls('updateTeacher');
    const { user, imageInput } = await openTeacherProfile();
    const photo = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'new-photo.svg', { type: 'image/svg+xml' });

    await user.upload(imageInput, photo);

    expect(screen.getByRole('img', { name: newImage })).toHaveAttribute('src', 'blob:http://localhost/new-photo');
    expect(screen.getByRole('img', { name: currentImage })).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledWith(photo);

    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    const sentPhoto = (await sentFields(updates[0]!.request)).profile_img;
    expect(sentPhoto).toBeInstanceOf(File);
    expect((sentPhoto as File).name).toBe('new-photo.svg');
    // Saved: the new image is now the current one, and the preview is gone.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: currentImage })).toHaveAttribute('src', 'http://localhost/media/teacher_images/new-photo.svg'),
    );
    expect(screen.queryByRole('img', { name: newImage })).not.toBeInTheDocument();
  });

  it('puts a field map message about the image under the image', async () => {
    mockEndpoint('updateTeacher', { status: 400, body: { mobile_no: ['Enter a valid phone number.'], profile_img: ['Upload a valid image.'] } });
    const { user, mobile, imageInput } = await openTeacherProfile();

    await user.click(update());

    await waitFor(() => expect(mobile).toHaveAccessibleDescription('Enter a valid phone number.'));
    expect(imageInput).toHaveAccessibleDescription('Upload a valid image.');
    expect(imageInput).toBeInvalid();
  });

  it("shows another refusal's msg under the form, then a network failure, keeping the values", async () => {
    // The override added last answers first.
    failEndpoint('updateTeacher', 'network', { once: true });
    mockEndpoint('updateTeacher', { status: 400, body: { msg: 'The profile cannot be changed now.' } }, { once: true });
    const { user, fullName } = await openTeacherProfile();
    await user.type(fullName, ' Jr');

    await user.click(update());
    expect(await screen.findByRole('alert')).toHaveTextContent('The profile cannot be changed now.');

    await user.click(update());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No response from the server. Please try again later.'));
    expect(fullName).toHaveValue('Amara Obi Jr');
  });

  it('checks the mobile number before sending', async () => {
    const updates = recordCalls('updateTeacher');
    const { user, fullName, mobile } = await openTeacherProfile();

    await user.clear(fullName);
    await user.type(mobile, 'x');
    await user.click(update());

    expect(fullName).toHaveAccessibleDescription(messages.fullNameRequired);
    expect(fullName).toHaveFocus();
    expect(mobile).toHaveAccessibleDescription(messages.mobileInvalid);
    expect(updates).toHaveLength(0);
  });

  describe('upload progress and Cancel', () => {
    const uploads = useFakeUploads();

    it('shows how much of the image has gone, and Cancel stops the update and keeps the entries', async () => {
      const { user, fullName, imageInput } = await openTeacherProfile();
      await user.type(fullName, ' Jr');
      await user.upload(imageInput, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'big.svg', { type: 'image/svg+xml' }));
      await user.click(update());
      const upload = await uploads.next();

      upload.progress(256, 1024);
      const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
      expect(update()).toBeDisabled();

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(upload.aborted).toBe(true);
      expect(await screen.findByText('Upload cancelled. Your entries are kept.')).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument();
      expect(fullName).toHaveValue('Amara Obi Jr');
      expect(screen.getByRole('img', { name: newImage })).toBeInTheDocument();
      expect(update()).toBeEnabled();
    });
  });

  describe('bio and intro video (extension, issue 39)', () => {
    /** A provider with the extension: the teacher answers `intro_video`. */
    function withIntroVideo(introVideo: string | null) {
      mockDb.teachers = mockDb.teachers.map((entry) => (entry.id === 4 ? { ...entry, intro_video: introVideo } : entry));
    }

    it('edits the bio and sends a newly chosen intro video with the update', async () => {
      withIntroVideo(null);
      const updates = recordCalls('updateTeacher');
      const { user } = await openTeacherProfile();
      const bio = screen.getByRole('textbox', { name: 'Bio' });
      expect(bio).toHaveValue('Teaches Yoruba to adults since 2012.');
      await user.clear(bio);
      // The line breaks typed (Enter in the bio starts a new line); the text around them pasted.
      await user.paste('First paragraph.');
      await user.keyboard('{Enter}{Enter}');
      await user.paste('Second one.');
      await user.upload(screen.getByLabelText('Intro video'), new File(['webm'], 'intro.webm', { type: 'video/webm' }));
      await user.click(update());

      await screen.findByText(messages.profileUpdated);
      const sent = await sentFields(updates[0]!.request);
      // A multipart body carries the line breaks as CRLF (the provider keeps them as LF).
      expect(sent.detail).toMatch(/^First paragraph\.\r?\n\r?\nSecond one\.$/);
      expect((sent.intro_video as File).name).toBe('intro.webm');
      expect(await screen.findByRole('button', { name: 'Remove intro video' })).toBeInTheDocument();
    });

    it('removes the intro video after a confirmation', async () => {
      withIntroVideo('/media/teacher_videos/intro.webm');
      const updates = recordCalls('updateTeacher');
      const { user } = await openTeacherProfile();
      await user.click(screen.getByRole('button', { name: 'Remove intro video' }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove your intro video?' });
      await user.click(within(dialog).getByRole('button', { name: 'Yes, remove it' }));
      expect(await screen.findByText('Your intro video has been removed.')).toBeInTheDocument();
      expect((await sentFields(updates[0]!.request)).remove_intro_video).toBe('true');
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove intro video' })).not.toBeInTheDocument());
    });

    it('offers neither on a provider without the extension (no intro_video in its answer)', async () => {
      await openTeacherProfile();
      expect(screen.queryByRole('textbox', { name: 'Bio' })).not.toBeInTheDocument();
      expect(screen.queryByLabelText('Intro video')).not.toBeInTheDocument();
    });
  });
});
