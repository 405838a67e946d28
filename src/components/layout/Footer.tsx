import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { belowTheFold } from '@/components/belowTheFold';
import { paths } from '@/config/paths';
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

export const footerMessages = {
  recentPosts: 'Recent Posts',
  allPosts: 'All posts',
} as const;

/**
 * The site footer of every route (spec section 2.1). `newsletter` is the sign-up form the app
 * passes in (it calls the provider: a feature's, not shared code's).
 */
export function Footer({ newsletter }: { newsletter?: ReactNode }) {
  return (
    <Box component="footer" sx={{ bgcolor: '#0e2a24', color: '#f1f5f3', mt: 8, py: 6, ...belowTheFold(965, 417) }}>
      <Container>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            {newsletter}
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
              {footerMessages.recentPosts}
            </Typography>
            <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {blogPosts.slice(0, RECENT_POSTS).map((post) => (
                <li key={post.id}>
                  <Link component={RouterLink} to={paths.blogPost(post.id)} color="inherit" variant="body2" title={post.title} sx={{ display: 'block' }}>
                    {truncate(post.title, RECENT_POST_TITLE_LENGTH)}
                  </Link>
                  <Typography variant="caption">{post.date}</Typography>
                </li>
              ))}
            </Stack>
            <Link component={RouterLink} to={paths.blog} color="inherit" variant="body2" sx={{ display: 'inline-block', mt: 1.5, fontWeight: 600 }}>
              {footerMessages.allPosts}
            </Link>
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
