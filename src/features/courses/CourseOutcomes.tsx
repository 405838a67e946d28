import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { messages } from './messages';

/**
 * 'What you will learn' (extension, issue 39): the teacher's lines, in the course's language;
 * nothing when the course has none or the provider sends none.
 */
export function CourseOutcomes({ outcomes, lang }: { outcomes?: readonly string[]; lang?: string }) {
  const headingId = useId();
  const lines = (outcomes ?? []).filter((line) => line.trim() !== '');
  if (lines.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {messages.outcomesHeading}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {lines.map((line, index) => (
          <Box component="li" key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            <CheckIcon fontSize="small" aria-hidden="true" sx={{ mt: 0.25, color: 'success.main' }} />
            <Typography component="span" lang={lang}>
              {line}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
