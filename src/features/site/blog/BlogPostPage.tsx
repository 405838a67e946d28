import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { coverSx } from '@/components/DecorativeImage';
import { NotFoundScreen } from '@/components/NotFoundScreen';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { blogPosts } from '@/content/blogPosts';
import { blogPostTexts } from '@/content/blogPostTexts';
import { blogMessages, postDate } from './blogMessages';

/** /blog/{id}: one post (cover, author, date, title, full text); an unknown id is the not-found screen. */
export function BlogPostPage() {
  const { post_id: postId } = useParams();
  const post = blogPosts.find((candidate) => String(candidate.id) === postId);
  if (!post) {
    return (
      <NotFoundScreen
        title={blogMessages.postNotFound}
        text={blogMessages.postNotFoundText}
        actionLabel={blogMessages.backToBlog}
        actionTo={paths.blog}
      />
    );
  }
  return (
    <PageHeading title={post.title}>
      <Box component="article" sx={{ maxWidth: '70ch' }}>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {blogMessages.byline(post.authorName)} · <time dateTime={post.date}>{postDate(post.date)}</time>
        </Typography>
        <Box
          component="img"
          src={post.cover}
          alt=""
          width={640}
          height={360}
          sx={{ ...coverSx, borderRadius: 2, mb: 3 }}
        />
        <Typography sx={{ fontWeight: 600, mb: 2 }}>{post.desc}</Typography>
        {(blogPostTexts[post.id] ?? []).map((paragraph) => (
          <Typography key={paragraph} sx={{ mb: 2 }}>
            {paragraph}
          </Typography>
        ))}
        <Button component={RouterLink} to={paths.blog} sx={{ mt: 2 }}>
          {blogMessages.backToBlog}
        </Button>
      </Box>
    </PageHeading>
  );
}
