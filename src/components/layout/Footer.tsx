import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { academy } from '@/content/academy';
import { blogPosts, truncate } from '@/content/blogPosts';
import { exploreLinks, policyLinks } from './navigation';
import { SocialLinks } from './SocialLinks';

const RECENT_POSTS = 3;
const RECENT_POST_TITLE_LENGTH = 40;

function LinkColumn({ title, links }: { title: string; links: readonly { label: string; to: string }[] }) {
  return (
    <Box component="nav" aria-label={title}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {links.map((link) => (
          <li key={link.to}>
            <Link component={RouterLink} to={link.to} color="inherit">
              {link.label}
            </Link>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/**
 * Opens the visitor's mail program with a subscription request to the academy. A native input:
 * MUI's TextField would bring its Select, Menu and Popover into every page's first load.
 */
function Newsletter() {
  const [email, setEmail] = useState('');
  const inputId = useId();
  const subscribe = (event: FormEvent) => {
    event.preventDefault();
    const body = `Please add ${email} to the newsletter.`;
    window.location.href = `mailto:${academy.email}?subject=${encodeURIComponent('Newsletter subscription')}&body=${encodeURIComponent(body)}`;
  };
  return (
    <Box component="form" onSubmit={subscribe} aria-label="Newsletter">
      <Typography variant="h6" component="h2" gutterBottom>
        Newsletter
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        News about courses, teachers and offers, once a month.
      </Typography>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
        Your e-mail
      </Typography>
      <Stack direction="row" spacing={1}>
        <Box
          component="input"
          id={inputId}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => setEmail(event.target.value)}
          sx={{
            flexGrow: 1,
            minWidth: 0,
            font: 'inherit',
            px: 1.5,
            py: 1,
            color: 'text.primary',
            bgcolor: 'background.paper',
            border: 0,
            borderRadius: 1,
          }}
        />
        <Button type="submit" variant="contained" color="secondary">
          Subscribe
        </Button>
      </Stack>
    </Box>
  );
}

/** The site footer of every route (spec section 2.1). */
export function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: '#0e2a24', color: '#f1f5f3', mt: 8, py: 6 }}>
      <Container>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Newsletter />
            <Box sx={{ mt: 2 }}>
              <SocialLinks />
            </Box>
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <LinkColumn title="Explore" links={exploreLinks} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <LinkColumn title="Policies" links={policyLinks} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Typography variant="h6" component="h2" gutterBottom>
              Recent Posts
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {blogPosts.slice(0, RECENT_POSTS).map((post) => (
                <li key={post.id}>
                  <Typography variant="body2" title={post.title}>
                    {truncate(post.title, RECENT_POST_TITLE_LENGTH)}
                  </Typography>
                  <Typography variant="caption">{post.date}</Typography>
                </li>
              ))}
            </Stack>
          </Grid>
        </Grid>
        <Box component="address" sx={{ fontStyle: 'normal', mt: 4, display: 'flex', flexWrap: 'wrap', gap: 3 }}>
          <span>{academy.address}</span>
          <Link href={`tel:${academy.phone.replace(/\s/g, '')}`} color="inherit">
            {academy.phone}
          </Link>
          <Link href={`mailto:${academy.email}`} color="inherit">
            {academy.email}
          </Link>
        </Box>
        {/* The year of the prerendered page may be last year's until the page is built again. */}
        <Typography variant="body2" sx={{ mt: 3 }} suppressHydrationWarning>
          © {new Date().getFullYear()} {academy.name}
        </Typography>
      </Container>
    </Box>
  );
}
