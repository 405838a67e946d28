import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import heroImage from '@/assets/hero.svg?inline';
import { useAppSelector } from '@/app/hooks';
import { paths } from '@/config/paths';
import { selectIsStudentLoggedIn } from '@/features/session/sessionSlices';
import { messages } from '../messages';

/**
 * The top of the home page: the screen's h1 and the two ways in. 'Start Learning' signs a visitor
 * up (issue 39; the spec sends them to the login) and takes a logged-in student to their dashboard.
 */
export function HeroSection() {
  const student = useAppSelector(selectIsStudentLoggedIn);
  return (
    <Box component="section" sx={{ bgcolor: 'background.paper', py: { xs: 5, md: 8 } }}>
      <Container>
        <Grid container spacing={4} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="h1" gutterBottom>
              {messages.heroHeading}
            </Typography>
            <Typography variant="h6" component="p" color="text.secondary" sx={{ mb: 4, fontWeight: 400 }}>
              {messages.heroText}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="contained" size="large" component={RouterLink} to={student ? paths.studentDashboard : paths.studentRegister}>
                {messages.heroStart}
              </Button>
              <Button variant="outlined" size="large" component={RouterLink} to={paths.allCourses}>
                {messages.heroCourses}
              </Button>
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Box
              component="img"
              src={heroImage}
              alt=""
              width={560}
              height={440}
              // The page's largest image, in the HTML itself (1.4 KB): it paints with the text.
              sx={{ width: '100%', maxWidth: 560, height: 'auto', display: 'block', mx: 'auto' }}
            />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
