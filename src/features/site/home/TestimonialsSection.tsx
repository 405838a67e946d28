import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CardGrid } from '@/components/CardGrid';
import { testimonials } from '@/content/home';
import { messages } from '../messages';
import { HomeSection } from './HomeSection';
import { DecorativeImage } from '@/components/DecorativeImage';

export function TestimonialsSection() {
  return (
    <HomeSection title={messages.testimonialsHeading} heights={[845, 391]} tinted>
      <CardGrid
        items={testimonials}
        itemKey={(testimonial) => testimonial.id}
        size={{ xs: 12, md: 4 }}
        renderItem={(testimonial) => (
          <Card component="figure" variant="outlined" sx={{ m: 0, height: '100%' }}>
            <CardContent>
              <Rating value={testimonial.rating} precision={0.5} readOnly size="small" />
              <Typography component="blockquote" sx={{ m: 0, my: 2 }}>
                “{testimonial.feedback}”
              </Typography>
              <Stack direction="row" spacing={1.5} component="figcaption" sx={{ alignItems: 'center' }}>
                <DecorativeImage src={testimonial.photo} width={48} height={48} sx={{ borderRadius: '50%' }} />
                <span>
                  <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                    {testimonial.name}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {testimonial.course}
                  </Typography>
                </span>
              </Stack>
            </CardContent>
          </Card>
        )}
      />
    </HomeSection>
  );
}
