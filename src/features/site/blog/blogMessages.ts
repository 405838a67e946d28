import { longDate } from '@/components/plainFormat';

/** The texts of the blog pages. */
export const blogMessages = {
  blogTitle: 'Blog',
  blogIntro: 'Tips for learners, the languages we teach and the people who speak them, from our teachers.',
  byline: (author: string) => `By ${author}`,
  readPost: 'Read the post',
  backToBlog: 'All posts',
  postNotFound: 'Post not found',
  postNotFoundText: 'There is no blog post at this address. It may have been removed, or the link may be mistyped.',
} as const;

/** A post's date as shown: '12 November 2024'. */
export function postDate(isoDate: string): string {
  return longDate(new Date(isoDate), { utc: true });
}
