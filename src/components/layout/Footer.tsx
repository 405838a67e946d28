import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, isUnsupported, useSubscribeNewsletterMutation } from '@/api';
import { isEmailAddress } from '@/components/forms/validators';
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

export const newsletterMessages = {
  heading: 'Newsletter',
  intro: 'News about courses, teachers and offers, once a month.',
  emailLabel: 'Your e-mail',
  subscribe: 'Subscribe',
  subscribing: 'Subscribing…',
  emailInvalid: 'Please enter a valid e-mail address, like name@example.com.',
  subscribed: 'Thank you, you are subscribed.',
  notSubscribed: 'The subscription could not be sent. Please try again.',
  prepared: (email: string) =>
    `Your e-mail program is opening with a subscription request to ${email}. Press send there to subscribe.`,
  preparedFallback: (email: string) => `Nothing opened? Write to ${email} and ask to subscribe.`,
  recentPosts: 'Recent Posts',
  allPosts: 'All posts',
} as const;

type NewsletterOutcome = { kind: 'subscribed' | 'prepared'; text: string } | { kind: 'error'; text: string } | null;

/**
 * The newsletter sign-up: sent to the provider (`subscribeNewsletter`, an extension), which says
 * so; on a provider without it (404 or 405) the visitor's mail program opens with a subscription
 * request to the academy, and the footer says so. A wrong address or a refusal shows under the
 * field, which keeps its value and takes the focus. A native input: MUI's TextField would bring
 * its Select, Menu and Popover into every page's first load.
 */
function Newsletter() {
  const [email, setEmail] = useState('');
  const [outcome, setOutcome] = useState<NewsletterOutcome>(null);
  const [subscribeNewsletter, { isLoading }] = useSubscribeNewsletterMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const failed = outcome?.kind === 'error';

  const subscribe = async (event: FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    const address = email.trim();
    if (!isEmailAddress(address)) {
      setOutcome({ kind: 'error', text: newsletterMessages.emailInvalid });
      inputRef.current?.focus();
      return;
    }
    setOutcome(null);
    try {
      const answer = await subscribeNewsletter({ emailForm: { email: address } }).unwrap();
      setEmail('');
      setOutcome({ kind: 'subscribed', text: answer.msg ?? newsletterMessages.subscribed });
    } catch (error) {
      if (isUnsupported(error)) {
        const body = `Please add ${address} to the newsletter.`;
        setOutcome({ kind: 'prepared', text: `${newsletterMessages.prepared(academy.email)} ${newsletterMessages.preparedFallback(academy.email)}` });
        window.location.href = `mailto:${academy.email}?subject=${encodeURIComponent('Newsletter subscription')}&body=${encodeURIComponent(body)}`;
        return;
      }
      setOutcome({ kind: 'error', text: errorText(error, newsletterMessages.notSubscribed) });
      inputRef.current?.focus();
    }
  };
  return (
    <Box component="form" onSubmit={subscribe} noValidate aria-label={newsletterMessages.heading}>
      <Typography variant="h6" component="h2" gutterBottom>
        {newsletterMessages.heading}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {newsletterMessages.intro}
      </Typography>
      <Typography component="label" htmlFor={inputId} variant="body2" sx={{ display: 'block', mb: 0.5, fontWeight: 600 }}>
        {newsletterMessages.emailLabel}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Box
          component="input"
          ref={inputRef}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={failed}
          aria-describedby={failed ? errorId : undefined}
          value={email}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            setEmail(event.target.value);
            if (failed) setOutcome(null);
          }}
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
            outlineOffset: 2,
          }}
        />
        <Button type="submit" variant="contained" color="secondary" disabled={isLoading}>
          {isLoading ? newsletterMessages.subscribing : newsletterMessages.subscribe}
        </Button>
      </Stack>
      {failed ? (
        <Typography id={errorId} variant="body2" sx={{ mt: 1, color: '#ffd4cc', fontWeight: 600 }}>
          {outcome.text}
        </Typography>
      ) : null}
      {/* A live region without a role: the screens' own status regions stay the page's only ones. */}
      <Typography aria-live="polite" aria-atomic="true" variant="body2" sx={{ mt: outcome !== null && !failed ? 1 : 0 }}>
        {outcome !== null && !failed ? outcome.text : ''}
      </Typography>
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
              {newsletterMessages.recentPosts}
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
              {newsletterMessages.allPosts}
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
