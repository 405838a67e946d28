import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import { useSearchParams } from 'react-router-dom';
import { courseSorts, isCourseSort, type CourseSort } from '@/api';
import { messages } from '../messages';
import { courseFilterParams } from './courseLinks';
import { FilterSelect } from './FilterSelect';
import { PAGE_PARAM } from './usePage';

/** `?free=1`: only the free courses. */
const FREE_VALUE = '1';

const sortOptions = courseSorts.map((sort) => ({ value: sort, label: messages.sortOptions[sort] }));

/**
 * A course list's choices in the address: `?free=1` and `?sort=` (an unknown order reads as none),
 * and `setChoice`, which makes each choice a new address (Back goes back to the previous choice),
 * from the first page.
 */
export function useCourseListChoices() {
  const [params, setParams] = useSearchParams();
  const free = params.get(courseFilterParams.free) === FREE_VALUE;
  const sortParam = params.get(courseFilterParams.sort);
  const sort: CourseSort | undefined = isCourseSort(sortParam) ? sortParam : undefined;
  const setChoice = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      next.delete(PAGE_PARAM);
      return next;
    });
  /** The address with no filter, the order kept. */
  const clearFilters = () => setParams(sort === undefined ? {} : { [courseFilterParams.sort]: sort });
  /** The address with only the given choices kept (the search, when the sheet's 'Clear all' undoes the rest), from the first page. */
  const keepOnly = (...names: string[]) =>
    setParams((current) => new URLSearchParams([...current].filter(([name]) => names.includes(name))));
  return { params, free, sort, setChoice, clearFilters, keepOnly };
}

/** The order and Free only of a course list, as two cells of its filters' Grid (stacked below `sm`). */
export function CourseOrderControls({
  sort,
  free,
  onChoice,
}: {
  sort: CourseSort | undefined;
  free: boolean;
  onChoice: (name: string, value: string) => void;
}) {
  return (
    <>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <FilterSelect
          label={messages.sortLabel}
          value={sort ?? ''}
          onChange={(value) => onChoice(courseFilterParams.sort, value)}
          anyLabel={messages.defaultOrder}
          options={sortOptions}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }} sx={{ display: 'flex', alignItems: 'center' }}>
        <FormControlLabel
          control={<Checkbox checked={free} onChange={(event) => onChoice(courseFilterParams.free, event.target.checked ? FREE_VALUE : '')} />}
          label={messages.freeOnly}
        />
      </Grid>
    </>
  );
}
