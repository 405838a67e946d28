import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { patterns } from '@/config/paths';
import { EditChapterPage } from '@/features/teacher/chapters/EditChapterPage';
import { mockDb } from '@test/handlers/mockDb';
import { loggedInAs, renderRoute } from '@test/render';

/** The chapter editor's Captions section (ours, issue 39). */
const messages = {
  heading: 'Captions',
  listLabel: 'Caption languages',
  language: 'Language',
  file: 'Captions file',
  add: 'Add captions',
  saved: 'French captions saved.',
  deleteYoruba: 'Delete the Yoruba captions',
  deleteTitle: 'Delete the Yoruba captions?',
  deleted: 'Yoruba captions deleted.',
  wrongType: 'Choose a captions file: WebVTT (.vtt).',
};

const vtt = (name = 'fr.vtt', type = 'text/vtt') => new File(['WEBVTT\n\n00:00.000 --> 00:02.000\nBonjour.\n'], name, { type });
const openEditor = () => renderRoute(patterns.editChapter, <EditChapterPage />, { route: '/edit-chapter/11', preloadedState: loggedInAs({ teacher: 4 }) });
const languagesListed = () => within(screen.getByRole('list', { name: messages.listLabel })).getAllByRole('listitem').map((item) => item.textContent);

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

describe("the chapter editor's Captions section", () => {
  it('lists the tracks, adds a language (the course language offered first), refuses a file that is not WebVTT, and deletes one once confirmed', async () => {
    mockDb.chapters[0]!.caption_tracks = [
      { lang: 'en', label: 'English', url: '/media/chapter_captions/greetings.vtt' },
      { lang: 'yo', label: 'Yoruba', url: '/media/chapter_captions/greetings-yo.vtt' },
    ];
    const { user } = openEditor();
    const section = await screen.findByRole('region', { name: messages.heading });
    expect(languagesListed()).toEqual([expect.stringContaining('English (en)'), expect.stringContaining('Yoruba (yo)')]);
    const language = within(section).getByRole('combobox', { name: messages.language });
    // Course 1 is taught in Yoruba: first in the list.
    await waitFor(() => expect(within(language).getAllByRole('option')[0]).toHaveTextContent('Yoruba'));

    const file = within(section).getByLabelText(messages.file);
    // A file of another type (past the picker's filter) is refused under the field, never sent.
    await userEvent.setup({ applyAccept: false }).upload(file, vtt('fr.srt', 'application/x-subrip'));
    await user.click(within(section).getByRole('button', { name: messages.add }));
    expect(file).toHaveAccessibleDescription(messages.wrongType);
    expect(file).toHaveFocus();

    await user.selectOptions(language, 'French');
    await user.upload(file, vtt());
    await user.click(within(section).getByRole('button', { name: messages.add }));
    expect(await screen.findByText(messages.saved)).toBeInTheDocument();
    await waitFor(() => expect(languagesListed()).toContainEqual(expect.stringContaining('French (fr)')));

    await user.click(within(section).getByRole('button', { name: messages.deleteYoruba }));
    const dialog = screen.getByRole('dialog', { name: messages.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(messages.deleted)).toBeInTheDocument();
    await waitFor(() => expect(languagesListed()).toEqual([expect.stringContaining('English (en)'), expect.stringContaining('French (fr)')]));
  });

  it('is not shown on a provider without caption tracks (the chapter answers `captions` alone)', async () => {
    openEditor();
    await screen.findByRole('textbox', { name: 'Title' });
    expect(screen.queryByRole('region', { name: messages.heading })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Captions')).toBeInTheDocument();
  });
});
