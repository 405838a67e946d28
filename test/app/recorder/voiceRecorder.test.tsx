import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { VoiceRecorder, type VoiceRecorderProps } from '@/components/recorder/VoiceRecorder';
import { installFakeMedia } from '@test/fakes/media';

const label = 'Your answer';
const MB = 1024 * 1024;

/** The recorder as a form holds it: its value in state; every change also reported to `changes`. */
function Field({ changes, ...props }: Partial<VoiceRecorderProps> & { changes: (Blob | null)[] }) {
  const [value, setValue] = useState<Blob | null>(null);
  return (
    <VoiceRecorder
      label={label}
      {...props}
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

function setup(options: Parameters<typeof installFakeMedia>[0] = {}, props: Partial<VoiceRecorderProps> = {}) {
  media = installFakeMedia(options);
  const changes: (Blob | null)[] = [];
  const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
  const view = render(<Field changes={changes} {...props} />);
  return { user, changes, ...view };
}

let media: ReturnType<typeof installFakeMedia>;
const created: string[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  created.length = 0;
  URL.createObjectURL = (blob: Blob) => {
    created.push(blob.type);
    return `blob:http://localhost/${created.length}`;
  };
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  media.restore();
  jest.useRealTimers();
});

const status = () => screen.getByRole('status');
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

describe('voice recorder', () => {
  it('records, stops, plays the recording back and records again after a confirmation', async () => {
    const { user, changes } = setup();

    expect(screen.getByRole('group', { name: label })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Record' }));

    const stop = await screen.findByRole('button', { name: 'Stop' });
    expect(media.requests).toEqual([{ audio: true }]);
    expect(media.recorder().mimeType).toBe('audio/webm;codecs=opus');
    expect(status()).toHaveTextContent('Recording started');
    expect(stop).toHaveFocus();

    media.recorder().emit(4000);
    await advance(41_200);
    expect(screen.getByRole('timer')).toHaveTextContent('0:41 / 5:00');

    await user.keyboard('{Enter}');
    expect(await screen.findByText('Length 0:41')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Recording stopped, 0:41');
    expect(media.tracksStopped()).toBe(true);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ type: 'audio/webm', size: 4512 });
    // Listen back: the recording itself, in a labelled player.
    expect(screen.getByLabelText('Listen back: Your answer')).toHaveAttribute('src', 'blob:http://localhost/1');
    const again = screen.getByRole('button', { name: 'Record again' });
    expect(again).toHaveFocus();

    // Record again asks first; keeping the recording changes nothing.
    await user.click(again);
    await user.click(await screen.findByRole('button', { name: 'Keep it' }));
    await advance(1000); // the dialog's exit transition
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(changes).toHaveLength(1);
    expect(screen.getByLabelText('Listen back: Your answer')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this recording and record again?' });
    await user.click(within(dialog).getByRole('button', { name: 'Record again' }));
    expect(changes).toEqual([expect.any(Blob), null]);
    expect(await screen.findByRole('button', { name: 'Stop' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Listen back: Your answer')).not.toBeInTheDocument();
  });

  it('stops by itself at the time limit and says why', async () => {
    const { user, changes } = setup();
    await user.click(screen.getByRole('button', { name: 'Record' }));

    await advance(300_000);
    expect(await screen.findByText('Length 5:00')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Recording stopped at the 5 minutes limit. Recording stopped, 5:00');
    expect(changes).toHaveLength(1);
    expect(media.tracksStopped()).toBe(true);
  });

  it('stops by itself before the size limit, and refuses an upload over it', async () => {
    const { user, changes } = setup();
    await user.click(screen.getByRole('button', { name: 'Record' }));

    act(() => media.recorder().emit(Math.round(9.8 * MB)));
    expect(await screen.findByRole('button', { name: 'Record again' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('Recording stopped at the 10 MB limit');
    expect(changes[0]!.size).toBeLessThanOrEqual(10 * MB);
  });

  it('says the microphone was refused and offers an upload, checked against the limits', async () => {
    const { user, changes } = setup({ microphone: 'refused' });
    await user.click(screen.getByRole('button', { name: 'Record' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The microphone was not allowed. Allow it in your browser’s site settings and press Record again, or upload a recording instead.');
    const upload = screen.getByLabelText('Upload a recording');
    expect(upload).toHaveAttribute('accept', 'audio/webm,audio/ogg');

    await user.upload(upload, new File([new Uint8Array(11 * MB)], 'long.ogg', { type: 'audio/ogg' }));
    expect(screen.getByText('The recording is too large: the limit is 10 MB.')).toBeInTheDocument();
    expect(changes).toEqual([null]);

    const file = new File([new Uint8Array(2048)], 'counting.ogg', { type: 'audio/ogg' });
    await user.upload(upload, file);
    expect(changes.at(-1)).toBe(file);
    expect(screen.getByLabelText('Listen back: Your answer')).toBeInTheDocument();
    expect(screen.queryByText('The recording is too large: the limit is 10 MB.')).not.toBeInTheDocument();
  });

  it('says when there is no microphone, and when the browser cannot record at all', async () => {
    const { user, unmount } = setup({ microphone: 'missing' });
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No microphone was found. Connect one and press Record again, or upload a recording instead.');
    unmount();
    media.restore();

    setup({ types: [] });
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(screen.getByText('Your browser cannot record audio here. You can upload a recording instead.')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload a recording')).toBeInTheDocument();
  });

  it('uses Ogg where WebM cannot be recorded, and releases the microphone when the page goes', async () => {
    const { user, changes, unmount } = setup({ types: ['audio/ogg;codecs=opus'] });
    await user.click(screen.getByRole('button', { name: 'Record' }));
    expect(media.recorder().mimeType).toBe('audio/ogg;codecs=opus');

    unmount();
    expect(media.tracksStopped()).toBe(true);
    await act(async () => undefined);
    expect(changes).toEqual([]);
  });
});
