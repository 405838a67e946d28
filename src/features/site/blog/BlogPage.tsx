import Typography from '@mui/material/Typography';
import { belowTheFold } from '@/components/belowTheFold';
import { CardGrid } from '@/components/CardGrid';
import { PageHeading } from '@/components/PageHeading';
import { blogPosts } from '@/content/blogPosts';
import { BlogPostCard } from './BlogPostCard';
import { blogMessages } from './blogMessages';

/** The posts past the first screen wait to be scrolled near. */
const postCellSx = belowTheFold(375, 369);

/** /blog: every post, newest first, each card opening its post. */
export function BlogPage() {
  return (
    <PageHeading title={blogMessages.blogTitle}>
      <Typography sx={{ mb: 4, maxWidth: '70ch' }}>{blogMessages.blogIntro}</Typography>
      <CardGrid
        items={blogPosts}
        itemKey={(post) => post.id}
        size={{ xs: 12, sm: 6, md: 4 }}
        itemSx={postCellSx}
        renderItem={(post) => <BlogPostCard post={post} headingLevel="h2" />}
      />
    </PageHeading>
  );
}
