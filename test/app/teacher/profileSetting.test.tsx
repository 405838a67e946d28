import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@/config/paths';
import { teacherProfileMessages as messages } from '@/features/teacher/profile/profileMessages';
import { teacherAreaMessages } from '@/features/teacher/area/messages';
import { useFakeUploads } from '@test/fakeUploads';
import { mockDb, sentFields } from '@test/handlers/mockDb';
import { failEndpoint, holdEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { loggedInAs, renderApp } from '@test/render';

// Whole-app renders with lazy routes: the first one in a file also compiles the screens it opens.
jest.setTimeout(30_000);

const asTeacher = loggedInAs({ teacher: 4 });
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

/** Records each profile form sent, answering with the mocked provider's stored teacher. */
function recordUpdates() {
  const sent: Record<string, string | File>[] = [];
  mockEndpoint('updateTeacher', async ({ request, params }) => {
    const fields = await sentFields(request);
    sent.push(fields);
    const teacher = mockDb.teachers.find((item) => item.id === Number(params.id))!;
    const { profile_img, login_via_otp, ...text } = fields;
    Object.assign(teacher, text, { login_via_otp: login_via_otp === 'true' });
    if (profile_img instanceof File) teacher.profile_image = `/media/teacher_images/${profile_img.name}`;
    return teacher;
  });
  return sent;
}

async function openProfile() {
  const view = renderApp({ route: paths.teacherProfileSetting, preloadedState: asTeacher });
  await screen.findByRole('heading', { level: 1, name: messages.profileSettingTitle });
  const fullName = await screen.findByRole('textbox', { name: messages.fullNameLabel });
  return {
    ...view,
    fullName,
    email: screen.getByRole('textbox', { name: messages.emailLabel }),
    mobile: screen.getByRole('textbox', { name: messages.mobileLabel }),
    skills: screen.getByRole('textbox', { name: messages.skillsLabel }),
    qualification: screen.getByRole('textbox', { name: messages.qualificationLabel }),
    otp: screen.getByRole('switch', { name: messages.loginViaOtpLabel }),
    imageInput: screen.getByLabelText(messages.profileImageLabel),
  };
}

const update = () => screen.getByRole('button', { name: messages.updateButton });

describe('teacher profile setting', () => {
  it("loads the teacher's data into the fields, with the current image and the hints", async () => {
    const { fullName, email, mobile, skills, qualification, otp } = await openProfile();

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
    expect(screen.getByRole('img', { name: currentImage })).toHaveAttribute(
      'src',
      'http://localhost/media/teacher_images/amara.svg',
    );
    expect(screen.queryByRole('img', { name: newImage })).not.toBeInTheDocument();
  });

  it('shows a skeleton while the data loads', async () => {
    holdEndpoint('getTeacher');
    renderApp({ route: paths.teacherProfileSetting, preloadedState: asTeacher });

    expect(await screen.findByRole('status', { name: messages.loadingProfile })).toBeInTheDocument();
  });

  it("says 'Failed to get teacher data' when the profile cannot be read, and Retry reads it again", async () => {
    failEndpoint('getTeacher', 500, { once: true });
    const { user } = renderApp({ route: paths.teacherProfileSetting, preloadedState: asTeacher });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(teacherAreaMessages.teacherFailed);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('textbox', { name: messages.fullNameLabel })).toHaveValue('Amara Obi');
  });

  it("saves the fields and 'Login via OTP' without an image when none was chosen, and says 'Data has been updated' for 3 s", async () => {
    const sent = recordUpdates();
    const { user, fullName, otp } = await openProfile();

    await user.clear(fullName);
    await user.type(fullName, 'Amara N. Obi');
    await user.click(otp);
    await user.click(update());

    const toast = await screen.findByText(messages.profileUpdated);
    expect(sent).toEqual([
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

    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(toast).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument(), { timeout: 3000 });
  });

  it('previews a newly chosen image beside the current one and sends it with the update', async () => {
    const sent = recordUpdates();
    const { user, imageInput } = await openProfile();
    const photo = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'new-photo.svg', { type: 'image/svg+xml' });

    await user.upload(imageInput, photo);

    expect(screen.getByRole('img', { name: newImage })).toHaveAttribute('src', 'blob:http://localhost/new-photo');
    expect(screen.getByRole('img', { name: currentImage })).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledWith(photo);

    await user.click(update());

    await screen.findByText(messages.profileUpdated);
    const sentPhoto = sent[0]!.profile_img;
    expect(sentPhoto).toBeInstanceOf(File);
    expect((sentPhoto as File).name).toBe('new-photo.svg');
    // Saved: the new image is now the current one, and the preview is gone.
    await waitFor(() =>
      expect(screen.getByRole('img', { name: currentImage })).toHaveAttribute(
        'src',
        'http://localhost/media/teacher_images/new-photo.svg',
      ),
    );
    expect(screen.queryByRole('img', { name: newImage })).not.toBeInTheDocument();
  });

  it("puts the provider's refusal under the field it concerns and keeps the values", async () => {
    const taken = 'An account with this e-mail address already exists.';
    mockEndpoint('updateTeacher', { status: 400, body: { msg: taken } });
    const { user, email, fullName } = await openProfile();

    await user.clear(email);
    await user.type(email, 'kwame@academy.test');
    await user.click(update());

    await waitFor(() => expect(email).toHaveAccessibleDescription(taken));
    expect(email).toBeInvalid();
    expect(email).toHaveFocus();
    expect(email).toHaveValue('kwame@academy.test');
    expect(fullName).toHaveValue('Amara Obi');
    expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument();
  });

  it('puts the messages of a field map under their fields', async () => {
    mockEndpoint('updateTeacher', { status: 400, body: { mobile_no: ['Enter a valid phone number.'], profile_img: ['Upload a valid image.'] } });
    const { user, mobile, imageInput } = await openProfile();

    await user.click(update());

    await waitFor(() => expect(mobile).toHaveAccessibleDescription('Enter a valid phone number.'));
    expect(imageInput).toHaveAccessibleDescription('Upload a valid image.');
    expect(imageInput).toBeInvalid();
  });

  it("says a DRF map's non_field_errors under the form beside its field messages", async () => {
    mockEndpoint('updateTeacher', {
      status: 400,
      body: { mobile_no: ['Enter a valid phone number.'], non_field_errors: ['Profiles cannot be changed during an exam.'] },
    });
    const { user, mobile } = await openProfile();

    await user.click(update());

    await waitFor(() => expect(mobile).toHaveAccessibleDescription('Enter a valid phone number.'));
    expect(mobile).toHaveFocus();
    expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent('Profiles cannot be changed during an exam.');
  });

  it("shows another refusal's msg under the form, or a network failure, keeping the values", async () => {
    // The override added last answers first.
    failEndpoint('updateTeacher', 'network', { once: true });
    mockEndpoint('updateTeacher', { status: 400, body: { msg: 'The profile cannot be changed now.' } }, { once: true });
    const { user, fullName } = await openProfile();
    await user.type(fullName, ' Jr');

    await user.click(update());
    expect(await within(screen.getByRole('main')).findByRole('alert')).toHaveTextContent('The profile cannot be changed now.');

    await user.click(update());
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('alert')).toHaveTextContent(/could not reach the server/i),
    );
    expect(fullName).toHaveValue('Amara Obi Jr');
  });

  describe('upload progress and Cancel', () => {
    const uploads = useFakeUploads();

    it('shows how much of the image has gone, and Cancel stops the update and keeps the entries', async () => {
      const { user, fullName, imageInput } = await openProfile();
      await user.type(fullName, ' Jr');
      await user.upload(imageInput, new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'big.svg', { type: 'image/svg+xml' }));
      await user.click(update());
      const upload = await uploads.next();

      upload.progress(256, 1024);
      const bar = await screen.findByRole('progressbar', { name: teacherAreaMessages.uploadProgressLabel });
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '25'));
      expect(update()).toBeDisabled();

      await user.click(screen.getByRole('button', { name: teacherAreaMessages.cancelUpload }));
      expect(upload.aborted).toBe(true);
      expect(await screen.findByText(teacherAreaMessages.uploadCancelled)).toBeInTheDocument();
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.queryByText(messages.profileUpdated)).not.toBeInTheDocument();
      expect(fullName).toHaveValue('Amara Obi Jr');
      expect(screen.getByRole('img', { name: newImage })).toBeInTheDocument();
      expect(update()).toBeEnabled();
    });
  });

  it('checks the required fields and the mobile number before sending', async () => {
    const sent = recordUpdates();
    const { user, fullName, mobile } = await openProfile();

    await user.clear(fullName);
    await user.type(mobile, 'x');
    await user.click(update());

    expect(fullName).toHaveAccessibleDescription(messages.fullNameRequired);
    expect(fullName).toHaveFocus();
    expect(mobile).toHaveAccessibleDescription(messages.mobileInvalid);
    expect(sent).toHaveLength(0);
  });
});
