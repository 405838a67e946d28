import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { type TeacherSales, errorText, isUnsupported, useGetTeacherSalesQuery } from '@/api';
import { courseLangProps } from '@/components/courseLanguage';
import { LoadError } from '@/components/LoadError';
import { ResponsiveRows } from '@/components/ResponsiveRows';
import { RowsSkeleton } from '@/components/RowsSkeleton';
import { teacherAreaMessages as messages } from './messages';

/** An answer that holds the course list: anything else (an HTML page's text) shows nothing. */
function holdsSales(data: unknown): data is TeacherSales {
  return typeof data === 'object' && data !== null && Array.isArray((data as Partial<TeacherSales>).courses);
}

/** "$45.00", "€12.50"; the code and the amount when the browser does not know the currency. */
function money(amount: string, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(Number(amount));
  } catch {
    return `${amount} ${currency.toUpperCase()}`;
  }
}

/**
 * What the teacher's courses sold (extension, `getTeacherSales`), under the dashboard's counts:
 * per course the paid enrolments and the total per currency. A skeleton while loading, the
 * reason and Retry on failure, and nothing at all on a provider without it.
 */
export function SalesSection({ teacherId }: { teacherId: number }) {
  const headingId = useId();
  const sales = useGetTeacherSalesQuery({ teacherId });
  if (sales.isError && isUnsupported(sales.error)) return null;
  const data = sales.currentData;
  if (data !== undefined && !holdsSales(data)) return null;

  let content;
  if (data === undefined) {
    content = sales.isError ? (
      <LoadError message={errorText(sales.error, messages.salesFailed)} onRetry={() => void sales.refetch()} />
    ) : (
      <RowsSkeleton label={messages.loadingSales} rowHeight={40} />
    );
  } else if (data.courses.every((course) => course.paid_enrolments === 0)) {
    content = <Typography>{messages.noSales}</Typography>;
  } else {
    content = (
      <ResponsiveRows
        rows={data.courses}
        rowKey={(course) => course.course_id}
        label={messages.salesHeading}
        columns={[
          {
            header: messages.salesCourse,
            role: 'title',
            cell: (course) => <span {...courseLangProps(course.languages)}>{course.title}</span>,
            sx: { overflowWrap: 'anywhere' },
          },
          { header: messages.salesPaidEnrolments, cell: (course) => course.paid_enrolments },
          {
            header: messages.salesTotal,
            cell: (course) => (course.totals.length === 0 ? messages.nothingSold : course.totals.map((total) => money(total.amount, total.currency)).join(', ')),
          },
        ]}
      />
    );
  }

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.4rem', mb: 1.5 }}>
        {messages.salesHeading}
      </Typography>
      {content}
    </Box>
  );
}
