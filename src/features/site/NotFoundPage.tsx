import { NotFoundScreen } from '@/components/NotFoundScreen';
import { paths } from '@/config/paths';

/** Any path the app does not know. */
export function NotFoundPage() {
  return (
    <NotFoundScreen
      title="Page not found"
      text="There is no page at this address. It may have moved, or the link may be mistyped."
      actionLabel="Back to the home page"
      actionTo={paths.home}
    />
  );
}
