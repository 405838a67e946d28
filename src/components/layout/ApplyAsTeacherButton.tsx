import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { applyAsTeacher } from './navigation';

/** 'APPLY AS A TEACHER': the external application form, or the teacher registration page. */
export function ApplyAsTeacherButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const external = applyAsTeacher.external
    ? { href: applyAsTeacher.href, target: '_blank', rel: 'noopener noreferrer' }
    : { component: RouterLink, to: applyAsTeacher.href };
  return (
    <Button variant="contained" color="secondary" fullWidth={fullWidth} {...external}>
      APPLY AS A TEACHER
    </Button>
  );
}
