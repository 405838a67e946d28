/** The course lists on a phone: results first, the filters and the order in a sheet behind one button. */
import { screen, waitFor, within } from '@testing-library/react';
import { patterns } from '@/config/paths';
import { AllCoursesPage } from '@/features/site/AllCoursesPage';
import { CategoryPage } from '@/features/site/CategoryPage';
import { renderRoute } from '@test/render';
import { courseTitles } from './courseListSteps';
import { pageLoad } from './pageLoad';
import { mockWindowWidth } from './windowWidth';

let windowWidth: ReturnType<typeof mockWindowWidth>;
beforeEach(() => {
  windowWidth = mockWindowWidth(390);
});
afterEach(() => windowWidth.restore());

describe('the filters sheet on a 390 px phone', () => {
  it('/all-courses shows the search and one Filters button above the results; the sheet counts, shows and clears the choices', async () => {
    const { user, router } = renderRoute(patterns.allCourses, <AllCoursesPage />, { route: '/all-courses?search=basics&sort=newest' });

    expect(await courseTitles()).toEqual(['Pidgin Basics']);
    // The phone's layout comes in a transition once the page has rendered: one Filters button.
    const filters = await screen.findByRole('button', { name: 'Filters (1)' });
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('basics');
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();

    await user.click(filters);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await waitFor(() => expect(sheet).toHaveFocus()); // the focus goes into the sheet
    expect(within(sheet).getByRole('combobox', { name: 'Sort by' })).toHaveTextContent('Newest');
    await user.click(within(sheet).getByRole('checkbox', { name: 'Free only' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('free')).toBe('1'));
    await user.click(await within(sheet).findByRole('button', { name: 'Show 1 course' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('dialog', { name: 'Filters' });
    await user.click(within(again).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=basics'));
    expect(within(again).getByRole('checkbox', { name: 'Free only' })).not.toBeChecked();
    expect(within(again).getByRole('button', { name: 'Clear all' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveFocus();
  });

  it('/category/{slug} keeps its order and Free only in the sheet', async () => {
    const { user } = renderRoute(patterns.category, <CategoryPage />, { route: '/category/french?free=1' });

    expect(await courseTitles()).toEqual(['Pidgin Basics']);
    const filters = await screen.findByRole('button', { name: 'Filters (1)' });
    expect(screen.queryByRole('checkbox', { name: 'Free only' })).not.toBeInTheDocument();
    await user.click(filters);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' }, pageLoad);
    expect(within(sheet).getByRole('checkbox', { name: 'Free only' })).toBeChecked();
    expect(within(sheet).getByRole('button', { name: 'Show 1 course' })).toBeInTheDocument();
  });
});
