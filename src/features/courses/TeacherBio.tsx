import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetTeacherQuery } from '@/api';
import { paths } from '@/config/paths';
import { messages } from './messages';

/** About this many characters of the teacher's own text are shown; the rest is on their page. */
const BIO_LENGTH = 300;

/** `text` cut at a word boundary to about `length` characters, with an ellipsis when cut. */
export function shortened(text: string, length = BIO_LENGTH): string {
  const trimmed = text.trim();
  if (trimmed.length <= length) return trimmed;
  const cut = trimmed.slice(0, length + 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > length * 0.6 ? cut.slice(0, lastSpace) : cut.slice(0, length)).trimEnd()}…`;
}

/**
 * 'Your teacher' on the course page: the teacher's photo, name, qualification and the start of
 * their own text, with a link to their page. While the profile loads, or when it cannot be read,
 * the name and link the course itself carries stand in.
 */
export function TeacherBio({ teacherId, name }: { teacherId: number; /** The name the course gives, shown until the profile arrives. */ name?: string }) {
  const { data: teacher, isLoading } = useGetTeacherQuery({ id: teacherId });
  const headingId = useId();
  const fullName = teacher?.full_name || name || '';
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 5 }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {messages.teacherHeading}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        {isLoading ? (
          <Skeleton variant="circular" width={72} height={72} />
        ) : (
          <Avatar src={teacher?.profile_img ?? undefined} alt="" sx={{ width: 72, height: 72 }} />
        )}
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="h3" sx={{ fontSize: '1.25rem' }}>
            {fullName}
          </Typography>
          {teacher?.qualification ? <Typography color="text.secondary">{teacher.qualification}</Typography> : null}
          {isLoading ? <Skeleton width="80%" /> : null}
          {teacher?.detail ? <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{shortened(teacher.detail)}</Typography> : null}
          <Link component={RouterLink} to={paths.teacherDetail(teacherId)} sx={{ alignSelf: 'flex-start' }}>
            {fullName ? messages.moreAboutTeacher(fullName) : messages.teacher}
          </Link>
        </Stack>
      </Stack>
    </Box>
  );
}
