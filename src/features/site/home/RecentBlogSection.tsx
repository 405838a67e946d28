import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CardGrid } from '@/components/CardGrid';
import { blogPosts } from '@/content/blogPosts';
import { messages } from '../messages';
import { HomeSection } from './HomeSection';
import { coverSx, DecorativeImage } from '@/components/DecorativeImage';

/** The home page shows the first 3 of the 5 posts (spec section 9). */
const RECENT_POSTS_ON_HOME = 3;

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function RecentBlogSection() {
  return (
    <HomeSection title={messages.blogHeading}>
      <CardGrid
        items={blogPosts.slice(0, RECENT_POSTS_ON_HOME)}
        itemKey={(post) => post.id}
        size={{ xs: 12, sm: 6, md: 4 }}
        renderItem={(post) => (
          <Card component="article" variant="outlined" sx={{ height: '100%' }}>
            <DecorativeImage
              src={post.cover}
              width={640}
              height={360}
              sx={coverSx}
            />
            <CardContent>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {post.authorName} · <time dateTime={post.date}>{dateFormat.format(new Date(post.date))}</time> ·{' '}
                {messages.comments(post.comments)}
              </Typography>
              <Typography variant="h3" sx={{ fontSize: '1.2rem', mb: 1 }}>
                {post.title}
              </Typography>
              <Typography variant="body2">{post.desc}</Typography>
            </CardContent>
          </Card>
        )}
      />
    </HomeSection>
  );
}
