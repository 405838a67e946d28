import { screen } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { EditChapterPage } from '@/features/teacher/chapters/EditChapterPage';
import { failEndpoint, holdEndpoint } from '@test/mockEndpoint';
import { recordSent } from '@test/recordCalls';
import { enter, loggedInAs, renderRoute } from '@test/render';

const teacher = loggedInAs({ teacher: 4 });
const webm = () => new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], 'greetings-v2.webm', { type: 'video/webm' });

const renderForm = (route: string) => renderRoute(patterns.editChapter, <EditChapterPage />, { route, preloadedState: teacher });

/** Chapter 11 of course 1: 'Greetings', 'Morning to night.', greetings.webm. */
async function openChapter(route = '/edit-chapter/11') {
  const view = renderForm(route);
  await screen.findByRole('textbox', { name: 'Title' });
  return view;
}

/** What the chapter updates sent (the mocked provider answers and keeps them). */
const recordUpdate = () => recordSent('updateChapter');

describe('Update Chapter', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows the chapter: title, description, a player of the current video, an optional new video, remarks', async () => {
    await openChapter();
    expect(screen.getByRole('heading', { level: 1, name: 'Update Chapter' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Greetings');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Morning to night.');
    expect(screen.getByLabelText('Current video')).toHaveAttribute('src', 'http://localhost/media/chapter_videos/greetings.webm');
    expect(screen.getByLabelText(/^Video/)).not.toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('');
  });

  it("updates without a video when none was chosen: 'Chapter updated successfully'", async () => {
    const sent = recordUpdate();
    const { user } = await openChapter();
    await enter(user, screen.getByRole('textbox', { name: 'Remarks' }), 'Watch twice.');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Chapter updated successfully')).toBeInTheDocument();
    expect(sent.map((call) => call.fields)).toEqual([{ course: '1', title: 'Greetings', description: 'Morning to night.', remarks: 'Watch twice.' }]);
  });

  it('sends a newly chosen video', async () => {
    const sent = recordUpdate();
    const { user } = await openChapter();
    await user.upload(screen.getByLabelText(/^Video/), webm());
    expect(screen.getByLabelText('New video (preview)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Chapter updated successfully')).toBeInTheDocument();
    expect(sent[0]!.fields.video).toEqual(expect.objectContaining({ name: 'greetings-v2.webm' }));
  });

  it("reads 'Updating...' and is disabled while sending", async () => {
    holdEndpoint('updateChapter');
    const { user } = await openChapter();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled();
  });

  it('says when the update failed and keeps the entries', async () => {
    failEndpoint('updateChapter', 500);
    const { user } = await openChapter();
    await enter(user, screen.getByRole('textbox', { name: 'Remarks' }), 'Watch twice.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('The chapter could not be updated. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Remarks' })).toHaveValue('Watch twice.');
  });

  const missing: [what: string, route: string, arrange: () => void, text: string][] = [
    ['a chapter that does not exist', '/edit-chapter/99', () => failEndpoint('getChapter', 404), 'This chapter was not found.'],
    ['an address without a chapter id', '/edit-chapter/x', () => undefined, 'No chapter ID provided.'],
  ];

  it.each(missing)('says so for %s', async (_case, route, arrange, text) => {
    arrange();
    renderForm(route);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});
