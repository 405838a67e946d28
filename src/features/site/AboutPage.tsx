import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid } from '@/components/CardGrid';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { about, team } from '@/content/about';
import { messages } from './messages';
import { DecorativeImage } from '@/components/DecorativeImage';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 5 }}>
      <Typography variant="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** /about: mission, vision, values, team and an invitation to the courses. */
export function AboutPage() {
  return (
    <PageHeading title={messages.aboutTitle}>
      <Typography variant="h6" component="p" sx={{ fontWeight: 400, maxWidth: '70ch' }}>
        {about.intro}
      </Typography>
      <Grid container spacing={4}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={messages.missionHeading}>
            <Typography>{about.mission}</Typography>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title={messages.visionHeading}>
            <Typography>{about.vision}</Typography>
          </Section>
        </Grid>
      </Grid>
      <Section title={messages.valuesHeading}>
        <CardGrid
          items={about.values}
          itemKey={(value) => value.title}
          size={{ xs: 12, sm: 6, md: 3 }}
          renderItem={(value) => (
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h3" gutterBottom>
                  {value.title}
                </Typography>
                <Typography variant="body2">{value.desc}</Typography>
              </CardContent>
            </Card>
          )}
        />
      </Section>
      <Section title={messages.teamHeading}>
        <CardGrid
          items={team}
          itemKey={(member) => member.name}
          size={{ xs: 6, md: 3 }}
          itemSx={{ textAlign: 'center' }}
          renderItem={(member) => (
            <>
              <DecorativeImage
                src={member.photo}
                width={120}
                height={120}
                sx={{ borderRadius: '50%', display: 'block', mx: 'auto', mb: 1 }}
              />
              <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
                {member.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {member.role}
              </Typography>
            </>
          )}
        />
      </Section>
      <Section title={messages.joinUsHeading}>
        <Typography sx={{ mb: 3, maxWidth: '70ch' }}>{about.joinUs}</Typography>
        <Button variant="contained" size="large" component={RouterLink} to={paths.course}>
          {messages.exploreCourses}
        </Button>
      </Section>
    </PageHeading>
  );
}
