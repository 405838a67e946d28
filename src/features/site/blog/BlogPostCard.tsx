import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { coverSx, DecorativeImage } from '@/components/DecorativeImage';
import { paths } from '@/config/paths';
import type { BlogPost } from '@/content/blogPosts';
import { postDate } from './blogMessages';

/**
 * One post as a card: cover, author and date, the title (the link to the post, stretched over the
 * whole card so the card opens it too) and the summary.
 */
export function BlogPostCard({ post, headingLevel }: { post: BlogPost; headingLevel: 'h2' | 'h3' }) {
  return (
    <Card
      component="article"
      variant="outlined"
      sx={{ height: '100%', position: 'relative', '&:hover': { borderColor: 'primary.main' }, '&:focus-within': { borderColor: 'primary.main' } }}
    >
      <DecorativeImage src={post.cover} width={640} height={360} sx={coverSx} />
      <CardContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {post.authorName} · <time dateTime={post.date}>{postDate(post.date)}</time>
        </Typography>
        <Typography variant="h3" component={headingLevel} sx={{ fontSize: '1.2rem', mb: 1 }}>
          <Link
            component={RouterLink}
            to={paths.blogPost(post.id)}
            color="inherit"
            underline="hover"
            sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
          >
            {post.title}
          </Link>
        </Typography>
        <Typography variant="body2">{post.desc}</Typography>
      </CardContent>
    </Card>
  );
}
