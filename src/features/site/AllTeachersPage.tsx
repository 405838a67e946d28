import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useListTeachersQuery, type Teacher } from '@/api';
import { CardGrid } from '@/components/CardGrid';
import { PageHeading } from '@/components/PageHeading';
import { messages } from './messages';
import { LoadError } from '@/components/LoadError';
import { ListPager } from './ui/ListPager';
import { TeacherCard } from './ui/TeacherCard';
import { TEACHERS_PER_PAGE, usePage } from './ui/usePage';

const cardSizes = { xs: 12, sm: 6, md: 3 } as const;

function TeacherGrid({ teachers }: { teachers: Teacher[] }) {
  if (teachers.length === 0) return <Typography>{messages.noTeachers}</Typography>;
  return (
    <CardGrid
      items={teachers}
      itemKey={(teacher) => teacher.id}
      size={cardSizes}
      renderItem={(teacher) => <TeacherCard teacher={teacher} />}
    />
  );
}

/** /all-teachers: every teacher, each linking to their page, a page at a time (`?page=`). */
export function AllTeachersPage() {
  const { page, limit, offset, hrefOf } = usePage(TEACHERS_PER_PAGE);
  const { currentData, isError, refetch } = useListTeachersQuery({ limit, offset });
  let content: ReactNode;
  if (isError) content = <LoadError message={messages.teachersLoadFailed} onRetry={refetch} />;
  else if (currentData === undefined)
    content = (
      <Grid container spacing={3} role="status" aria-label={messages.loadingTeachers}>
        {Array.from({ length: 4 }, (_, index) => (
          <Grid key={index} size={cardSizes} sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
            <Skeleton variant="circular" width={112} height={112} />
            <Skeleton width="60%" sx={{ mt: 1.5 }} />
            <Skeleton width="40%" />
          </Grid>
        ))}
      </Grid>
    );
  else if (currentData.items.length > 0 || currentData.total === 0) content = <TeacherGrid teachers={currentData.items} />;
  return (
    <PageHeading title={messages.teachersTitle}>
      {content}
      <ListPager page={page} pageSize={TEACHERS_PER_PAGE} total={currentData?.total} label={messages.teacherPages} hrefOf={hrefOf} />
    </PageHeading>
  );
}
