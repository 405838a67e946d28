import { PageHeading } from '@/components/PageHeading';

export function FavoriteCoursesPage() {
  return <PageHeading title="Favorite Courses" />;
}
