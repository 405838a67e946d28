import LoopIcon from '@mui/icons-material/Loop';
import ReplayIcon from '@mui/icons-material/Replay';
import SubjectIcon from '@mui/icons-material/Subject';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { learningMessages as messages } from './messages';
import { type CaptionChoice, PLAYER_SPEEDS, type PlayerLanguage } from './usePlayerLanguage';

const OFF = 'off';
const TWO = 'two';

function choiceValue(choice: CaptionChoice): string {
  return choice.kind === 'off' ? OFF : choice.kind === 'two' ? TWO : choice.lang;
}

interface LanguageToolsProps {
  tools: PlayerLanguage;
  transcriptOpen: boolean;
  transcriptId: string;
  onTranscript: () => void;
}

/**
 * The row under the video: Captions (Off, each language, Two languages with a second language
 * below), Speed (0.5× to 1.5×), Repeat sentence, Loop sentence (pressed while looping) and the
 * transcript's disclosure. Native selects: their keys are the browser's, and the player's keys
 * leave them alone (usePlayerKeys).
 */
export function LanguageTools({ tools, transcriptOpen, transcriptId, onTranscript }: LanguageToolsProps) {
  const { tracks, choice, twoLanguages } = tools;
  const onCaptions = (value: string) => {
    if (value === OFF) tools.chooseCaptions({ kind: 'off' });
    else if (value === TWO && twoLanguages) tools.chooseCaptions(twoLanguages);
    else tools.chooseCaptions({ kind: 'one', lang: value });
  };
  const field = { size: 'small', sx: { minWidth: 120, flex: { xs: '1 1 40%', sm: '0 0 auto' } } } as const;
  return (
    <Box
      role="group"
      aria-label={messages.languageToolsLabel}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1.5 }}
    >
      {tracks.length > 0 && (
        <TextField
          {...field}
          select
          label={messages.captions}
          value={choiceValue(choice)}
          onChange={(event) => onCaptions(event.target.value)}
          slotProps={{ select: { native: true } }}
        >
          <option value={OFF}>{messages.captionsOffOption}</option>
          {tracks.map((track) => (
            <option key={track.lang} value={track.lang}>
              {track.label}
            </option>
          ))}
          {twoLanguages && <option value={TWO}>{messages.twoLanguagesOption}</option>}
        </TextField>
      )}
      {choice.kind === 'two' && (
        <TextField
          {...field}
          select
          label={messages.helperLanguage}
          value={choice.lower}
          onChange={(event) => tools.chooseCaptions({ ...choice, lower: event.target.value })}
          slotProps={{ select: { native: true } }}
        >
          {tracks
            .filter((track) => track.lang !== choice.upper)
            .map((track) => (
              <option key={track.lang} value={track.lang}>
                {track.label}
              </option>
            ))}
        </TextField>
      )}
      <TextField
        {...field}
        select
        label={messages.speed}
        value={String(tools.speed)}
        onChange={(event) => tools.setSpeed(Number(event.target.value))}
        slotProps={{ select: { native: true } }}
      >
        {PLAYER_SPEEDS.map((speed) => (
          <option key={speed} value={String(speed)}>
            {messages.speedOption(speed)}
          </option>
        ))}
      </TextField>
      <Button variant="outlined" startIcon={<ReplayIcon />} onClick={() => void tools.repeatSentence()}>
        {messages.repeatSentence}
      </Button>
      <Button variant={tools.looping ? 'contained' : 'outlined'} aria-pressed={tools.looping} startIcon={<LoopIcon />} onClick={() => void tools.toggleLoop()}>
        {messages.loopSentence}
      </Button>
      {tools.mainTrack && (
        <Button startIcon={<SubjectIcon />} aria-expanded={transcriptOpen} aria-controls={transcriptOpen ? transcriptId : undefined} onClick={onTranscript}>
          {messages.transcript}
        </Button>
      )}
    </Box>
  );
}
