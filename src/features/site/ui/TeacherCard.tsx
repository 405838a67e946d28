import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Teacher } from '@/api';
import { paths } from '@/config/paths';
import { messages } from '../messages';
import { PersonAvatar } from '@/components/PersonAvatar';

/** One teacher of the /all-teachers grid; the name links to the teacher's page. */
export function TeacherCard({ teacher }: { teacher: Teacher }) {
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <PersonAvatar name={teacher.full_name} src={teacher.profile_img} size={112} />
          <Typography component="h2" variant="h6">
            <Link component={RouterLink} to={paths.teacherDetail(teacher.id)}>
              {teacher.full_name}
            </Link>
          </Typography>
          {teacher.qualification ? <Typography variant="body2">{teacher.qualification}</Typography> : null}
          {teacher.skills ? (
            <Typography variant="body2">
              <strong>{messages.teacherLanguages}:</strong> {teacher.skills}
            </Typography>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
