import { screen, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { TeacherDashboardPage } from '@/features/teacher/area/TeacherDashboardPage';
import { failEndpoint, mockEndpoint } from '@test/mockEndpoint';
import { answered, loggedInAs, renderRoute } from '@test/render';

/** Teacher 4 (Amara Obi) of the fixtures, on the dashboard. */
const open = () => renderRoute(patterns.teacherDashboard, <TeacherDashboardPage />, { preloadedState: loggedInAs({ teacher: 4 }) });

describe('the teacher dashboard’s sales (extension)', () => {
  it('shows per course the paid enrolments and the total in each currency', async () => {
    mockEndpoint('getTeacherSales', () => ({
      courses: [
        { course_id: 1, title: 'Yoruba for Beginners', languages: 'Yoruba, English', paid_enrolments: 3, totals: [{ currency: 'usd', amount: '40.00' }, { currency: 'eur', amount: '18.50' }] },
        { course_id: 3, title: 'Akan Stories', paid_enrolments: 0, totals: [] },
      ],
    }));
    open();

    const sales = await screen.findByRole('region', { name: 'Sales' });
    const table = await within(sales).findByRole('table', { name: 'Sales' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Course', 'Paid enrolments', 'Total']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent))).toEqual([
      ['Yoruba for Beginners', '3', '$40.00, €18.50'],
      ['Akan Stories', '0', '—'],
    ]);
    // A screen reader reads the title in its course's language.
    expect(within(table).getByText('Yoruba for Beginners')).toHaveAttribute('lang', 'yo');
  });

  it('says when nothing has been bought yet', async () => {
    mockEndpoint('getTeacherSales', () => ({ courses: [{ course_id: 1, title: 'Yoruba for Beginners', paid_enrolments: 0, totals: [] }] }));
    open();

    expect(await within(await screen.findByRole('region', { name: 'Sales' })).findByText('None of your courses has been bought yet.')).toBeInTheDocument();
  });

  it('is not there on a provider without the extension', async () => {
    failEndpoint('getTeacherSales', 404);
    const { store } = open();

    await answered(store, 'getTeacherSales');
    expect(await screen.findByRole('link', { name: /^\d+ Total Courses$/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sales' })).not.toBeInTheDocument();
  });
});
