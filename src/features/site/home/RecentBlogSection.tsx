import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { CardGrid } from '@/components/CardGrid';
import { paths } from '@/config/paths';
import { blogPosts } from '@/content/blogPosts';
import { BlogPostCard } from '../blog/BlogPostCard';
import { blogMessages } from '../blog/blogMessages';
import { messages } from '../messages';
import { HomeSection } from './HomeSection';

/** The home page shows the first 3 of the 5 posts (spec section 9). */
const RECENT_POSTS_ON_HOME = 3;

/** 'Recent From Blog': the newest posts, each card opening its post, and the way to the others. */
export function RecentBlogSection() {
  return (
    <HomeSection title={messages.blogHeading} heights={[1375, 602]}>
      <CardGrid
        items={blogPosts.slice(0, RECENT_POSTS_ON_HOME)}
        itemKey={(post) => post.id}
        size={{ xs: 12, sm: 6, md: 4 }}
        renderItem={(post) => <BlogPostCard post={post} headingLevel="h3" />}
      />
      <Box sx={{ mt: 3 }}>
        <Button component={RouterLink} to={paths.blog}>
          {blogMessages.backToBlog}
        </Button>
      </Box>
    </HomeSection>
  );
}
