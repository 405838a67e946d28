import { act, fireEvent, screen } from '@testing-library/react';
import { AudioPlayer } from '@/components/recorder/AudioPlayer';
import { renderWithProviders } from '@test/render';

/** The `<audio>` the player drives (named by the recording's label), with a duration as a browser would report it. */
function audioOf(label: string, duration?: number) {
  const audio = screen.getByLabelText(label) as HTMLAudioElement;
  if (duration !== undefined) Object.defineProperty(audio, 'duration', { configurable: true, get: () => duration });
  return audio;
}

describe('the player of a recording', () => {
  it("shows the length the provider measured, and its seek bar moves the playback", async () => {
    const { user } = renderWithProviders(<AudioPlayer src="/media/message_voices/hello.webm" label="Voice note, 0:12" seconds={12.4} />);

    const seekBar = screen.getByRole('slider', { name: 'Position: Voice note, 0:12' });
    expect(seekBar).toHaveAttribute('aria-valuemax', '12.4');
    expect(seekBar).toHaveAttribute('aria-valuetext', '0:00 of 0:12');
    expect(screen.getByText('0:00 / 0:12')).toBeInTheDocument();
    expect(seekBar).toBeEnabled();

    act(() => seekBar.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(audioOf('Voice note, 0:12').currentTime).toBe(3);
    expect(seekBar).toHaveAttribute('aria-valuetext', '0:03 of 0:12');
    expect(screen.getByText('0:03 / 0:12')).toBeInTheDocument();
  });

  it('reads the length of a MediaRecorder WebM (no duration: Infinity) by seeking past its end, then starts from 0', () => {
    renderWithProviders(<AudioPlayer src="blob:http://localhost/recording" label="Your recorded answer" />);
    const seekBar = screen.getByRole('slider', { name: 'Position: Your recorded answer' });
    expect(seekBar).toBeDisabled();

    const audio = audioOf('Your recorded answer', Infinity);
    fireEvent.loadedMetadata(audio);
    expect(audio.currentTime).toBeGreaterThan(1e100);
    // The browser has read to the end: the real duration, and a time update at the end that must not move the bar.
    audioOf('Your recorded answer', 7.4);
    fireEvent.timeUpdate(audio);
    fireEvent.durationChange(audio);

    expect(audio.currentTime).toBe(0);
    expect(seekBar).toHaveAttribute('aria-valuemax', '7.4');
    expect(seekBar).toHaveAttribute('aria-valuetext', '0:00 of 0:07');
    expect(screen.getByText('0:00 / 0:07')).toBeInTheDocument();
    expect(seekBar).toBeEnabled();
  });

  it('plays and pauses with one button named after the recording', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const pause = jest.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
    const { user } = renderWithProviders(<AudioPlayer src="/media/assignment_feedback/1.webm" label="Your teacher's voice note" seconds={20} />);

    await user.click(screen.getByRole('button', { name: "Play: Your teacher's voice note" }));
    expect(play).toHaveBeenCalledTimes(1);
    const audio = audioOf("Your teacher's voice note");
    Object.defineProperty(audio, 'paused', { configurable: true, get: () => false });
    act(() => void fireEvent.play(audio));

    await user.click(screen.getByRole('button', { name: "Pause: Your teacher's voice note" }));
    expect(pause).toHaveBeenCalledTimes(1);
    play.mockRestore();
    pause.mockRestore();
  });
});
