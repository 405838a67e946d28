import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type AnswerCheck } from './practiceExercise';
import { practiceMessages as messages } from './practiceMessages';

/** What the result says to a screen reader, once: the verdict, the spelling, the explanation. */
export function spoken(check: AnswerCheck, explanation: string, comesBack: boolean): string {
  const said: string[] = [messages[check.verdict]];
  if (check.verdict === 'almost') {
    said.push(`${messages.exactSpelling} ${check.expected}.`);
    const marked = check.parts.filter((part) => part.differs).map((part) => part.text);
    said.push(`${messages.differingLetters(marked.join(', '))}.`);
  } else if (check.verdict === 'wrong' && check.expected !== '') {
    said.push(`${messages.theAnswer} ${check.expected}.`);
  }
  if (explanation) said.push(explanation);
  if (comesBack) said.push(messages.comesBack);
  return said.join(' ');
}

function Spelling({ check, lang }: { check: AnswerCheck; lang?: string }) {
  return (
    <Box component="span" lang={lang} sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
      {check.parts.map((part, index) =>
        part.differs ? (
          <Box component="mark" key={index} sx={{ bgcolor: 'warning.light', color: 'text.primary', textDecoration: 'underline', px: 0.25 }}>
            {part.text}
          </Box>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </Box>
  );
}

/**
 * The verdict's text colour, a palette colour that contrasts 4.5:1 with the page and with paper
 * ('Almost' in MUI's default warning.dark, #e65100, had 3.55:1 on the page).
 */
export const verdictTextColor = { right: 'success.dark', almost: 'secondary.main', wrong: 'error.dark' } as const;

/** The verdict as shown (the live region said it once; here a screen reader can read it again): Right, Almost with the marked spelling, Wrong with the answer. */
export function ResultPanel({ check, explanation, comesBack, lang }: { check: AnswerCheck; explanation: string; comesBack: boolean; lang?: string }) {
  const color = check.verdict === 'right' ? 'success.main' : check.verdict === 'almost' ? 'warning.main' : 'error.main';
  return (
    <Box sx={{ borderLeft: 4, borderColor: color, pl: 1.5, py: 0.5 }}>
      <Typography sx={{ fontWeight: 700, color: verdictTextColor[check.verdict] }}>
        {messages[check.verdict]}
      </Typography>
      {check.verdict === 'almost' ? (
        <Typography>
          {messages.exactSpelling} <Spelling check={check} lang={lang} />
        </Typography>
      ) : null}
      {check.verdict === 'wrong' && check.expected !== '' ? (
        <Typography>
          {messages.theAnswer} <Spelling check={check} lang={lang} />
        </Typography>
      ) : null}
      {explanation ? <Typography sx={{ mt: 1 }}>{explanation}</Typography> : null}
      {comesBack ? <Typography variant="body2">{messages.comesBack}</Typography> : null}
    </Box>
  );
}

