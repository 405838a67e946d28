import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { recorderMessages as messages } from './recorderMessages';

/** Far past the end of any recording: seeking there makes the browser read the file to its end. */
const PAST_THE_END = 1e101;

const usable = (seconds: number | null | undefined): seconds is number => typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0;

/**
 * A recording's player: Play/Pause, a seek bar (a labelled slider: arrows move by a second, its
 * value read as '0:05 of 0:12') and the time. The length is `seconds` when known (the provider
 * measures voice files; the recorder times its recordings), else the browser's. A MediaRecorder
 * WebM declares no duration (the browser says Infinity, and its own controls show 0:00 and cannot
 * seek): the player then seeks far past the end once, which makes the browser read the file and
 * tell its length, and goes back to the start. The `<audio>` element keeps `label` as its name.
 */
export function AudioPlayer({ src, label, seconds = null }: { src: string; label: string; seconds?: number | null }) {
  const audio = useRef<HTMLAudioElement>(null);
  const probing = useRef(false);
  const [measured, setMeasured] = useState<number | null>(null);
  const [position, setPosition] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [shownSrc, setShownSrc] = useState(src);
  if (src !== shownSrc) {
    setShownSrc(src);
    setMeasured(null);
    setPosition(0);
    setPlaying(false);
  }
  const length = usable(seconds) ? seconds : measured;

  function readDuration() {
    const element = audio.current;
    if (element === null) return;
    if (element.duration === Infinity) {
      if (!probing.current) {
        probing.current = true;
        element.currentTime = PAST_THE_END;
      }
      return;
    }
    if (!usable(element.duration)) return;
    setMeasured(element.duration);
    if (probing.current) {
      probing.current = false;
      element.currentTime = 0;
      setPosition(0);
    }
  }

  function toggle() {
    const element = audio.current;
    if (element === null) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    if (probing.current) {
      // Still looking for the end: play from the start.
      probing.current = false;
      element.currentTime = 0;
    }
    // A browser that refuses (autoplay rules, a broken file) leaves it paused: the button says Play.
    void Promise.resolve(element.play()).catch(() => setPlaying(false));
  }

  function seek(to: number) {
    const element = audio.current;
    if (element === null || !Number.isFinite(to)) return;
    probing.current = false;
    element.currentTime = to;
    setPosition(to);
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', width: '100%', maxWidth: 480 }}>
      <IconButton onClick={toggle} aria-label={playing ? messages.pause(label) : messages.play(label)} edge="start">
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      <Slider
        aria-label={messages.seekLabel(label)}
        value={Math.min(position, length ?? 0)}
        min={0}
        max={length ?? 0}
        step={1}
        disabled={length === null}
        getAriaValueText={(value) => messages.positionOf(value, length ?? 0)}
        onChange={(_event, value) => seek(Array.isArray(value) ? (value[0] ?? 0) : value)}
        size="small"
        sx={{ flexGrow: 1, minWidth: 80, mx: 1 }}
      />
      <Typography variant="body2" aria-hidden sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', color: 'text.secondary' }}>
        {messages.playerTime(position, length)}
      </Typography>
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a person's own recording: no captions exist; the label names it */}
      <audio
        ref={audio}
        src={src}
        preload="metadata"
        aria-label={label}
        onLoadedMetadata={readDuration}
        onDurationChange={readDuration}
        onTimeUpdate={(event) => {
          if (!probing.current) setPosition(event.currentTarget.currentTime);
        }}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setPosition(0);
          if (audio.current) audio.current.currentTime = 0;
        }}
      />
    </Stack>
  );
}
