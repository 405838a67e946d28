import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid } from '@/components/CardGrid';
import { formatPrice } from '@/components/formatPrice';
import { PageHeading } from '@/components/PageHeading';
import { sampleCourses, type SampleCourse } from '@/content/sampleCourses';
import { messages } from './messages';
import { coursesInLanguage } from './ui/courseLinks';
import { coverSx, DecorativeImage } from '@/components/DecorativeImage';

/** `belowFold`: the cover loads only when scrolled near. */
function SampleCourseCard({ course, belowFold }: { course: SampleCourse; belowFold: boolean }) {
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <DecorativeImage
        src={course.cover}
        width={640}
        height={360}
        loading={belowFold ? 'lazy' : 'eager'}
        sx={coverSx}
      />
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {course.coursesName}
        </Typography>
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {course.courTeacher.map((teacher) => (
            <Stack key={teacher.name} component="li" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <DecorativeImage src={teacher.dcover} width={40} height={40} sx={{ borderRadius: '50%' }} />
              <span>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {teacher.name}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary">
                  {teacher.totalTime}
                </Typography>
              </span>
            </Stack>
          ))}
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {course.pricePer === undefined ? messages.singleCourse : messages.fullCourse}
          </Typography>
          <Typography component="p" variant="h6">
            {formatPrice(course.priceAll)}
          </Typography>
          {course.pricePer === undefined ? null : (
            <Typography variant="body2">{messages.perMonth(formatPrice(course.pricePer))}</Typography>
          )}
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button component={RouterLink} to={coursesInLanguage(course.language)} variant="contained">
          {messages.findCoursesIn(course.language)}
        </Button>
      </CardActions>
    </Card>
  );
}

const CARDS_IN_FIRST_ROW = 3;

/** /course: the static sample course cards (spec section 2.3), each leading to the real courses of its language. */
export function CoursesPage() {
  return (
    <PageHeading title={messages.coursesTitle}>
      <Typography sx={{ mb: 4, maxWidth: '70ch' }}>{messages.coursesIntro}</Typography>
      <CardGrid
        items={sampleCourses}
        itemKey={(course) => course.id}
        size={{ xs: 12, sm: 6, md: 4 }}
        renderItem={(course, index) => <SampleCourseCard course={course} belowFold={index >= CARDS_IN_FIRST_ROW} />}
      />
    </PageHeading>
  );
}
