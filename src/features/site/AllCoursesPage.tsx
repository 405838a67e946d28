import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Ref, useRef, useState } from 'react';
import { courseLevelNames, courseLevels, isCourseLevel, useListCategoriesQuery, useListCoursesQuery, type Category } from '@/api';
import { PageHeading } from '@/components/PageHeading';
import { parseIdParam } from '@/config/routeParams';
import { messages } from './messages';
import { CatalogueFilters } from './ui/CatalogueFilters';
import { courseFilterParams } from './ui/courseLinks';
import { CourseList } from './ui/CourseList';
import { CourseOrderControls, useCourseListChoices } from './ui/CourseOrderControls';
import { FilterSelect } from './ui/FilterSelect';
import { NoMatchingCourses } from './ui/NoMatchingCourses';
import { ListPager } from './ui/ListPager';
import { useCatalogueLanguages } from './ui/useCatalogueLanguages';
import { COURSES_PER_PAGE, usePage } from './ui/usePage';
import { LoadError } from '@/components/LoadError';

/**
 * The search box: the list follows it when the visitor presses Enter or the Search button.
 * Not a <form>: React 19 builds a FormData of a form whose submit handler starts a navigation (a
 * transition), and the Node FormData of the test environment cannot read a DOM form.
 */
function SearchBox({ initialValue, onSearch, inputRef }: { initialValue: string; onSearch: (text: string) => void; inputRef?: Ref<HTMLInputElement> }) {
  const [text, setText] = useState(initialValue);
  // The address changed from outside (Back, a link): show its search. Not by remounting the box,
  // which would drop the keyboard focus from it after each search.
  const [shownValue, setShownValue] = useState(initialValue);
  if (shownValue !== initialValue) {
    setShownValue(initialValue);
    setText(initialValue);
  }
  const search = () => onSearch(text.trim());
  return (
    <Stack role="search" direction="row" spacing={1}>
      <TextField
        label={messages.searchLabel}
        type="search"
        inputRef={inputRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') search();
        }}
        fullWidth
      />
      <Button variant="contained" onClick={search}>
        {messages.searchButton}
      </Button>
    </Stack>
  );
}

/** The catalogue's languages, and the one of the address if no course has it (so that the field shows it). */
function languageOptions(languages: string[] | undefined, selected: string) {
  const names = [...(languages ?? [])];
  if (selected && !names.some((name) => name.toLowerCase() === selected.toLowerCase())) names.push(selected);
  return names.map((language) => ({ value: language, label: language }));
}

function categoryOptions(categories: Category[] | undefined) {
  return (categories ?? []).map((category) => ({ value: String(category.id), label: category.title }));
}

/**
 * /all-courses: every course, with a search box, language, category and level (extension) filters,
 * a Free only filter and a sort order, a page at a time. The filters, the order and the page live in
 * the address (?search=&language=&category=&level=&free=1&sort=&page=), so a filtered list can be shared and linked to,
 * and Back and Forward go through the choices and the pages; a new filter or order starts again at
 * the first page. The languages offered are the catalogue's; the provider filters and sorts where
 * it can, the app does it otherwise (api/listing.ts).
 */
export function AllCoursesPage() {
  const { params, free, sort, setChoice: setFilter, clearFilters: dropFilters, keepOnly } = useCourseListChoices();
  const search = params.get(courseFilterParams.search) ?? '';
  const language = params.get(courseFilterParams.language) ?? '';
  const categoryId = parseIdParam(params.get(courseFilterParams.category)) ?? undefined;
  const levelParam = params.get(courseFilterParams.level);
  const level = isCourseLevel(levelParam) ? levelParam : undefined;
  const { page, limit, offset, hrefOf } = usePage(COURSES_PER_PAGE);
  const courses = useListCoursesQuery({
    search: search || undefined,
    language: language || undefined,
    category: categoryId,
    free: free || undefined,
    level,
    sort,
    limit,
    offset,
  });
  const total = courses.currentData?.total;
  const categories = useListCategoriesQuery();
  const languages = useCatalogueLanguages();
  const searchInput = useRef<HTMLInputElement>(null);

  const filtered = search !== '' || language !== '' || categoryId !== undefined || free || level !== undefined;
  // Levels are an extension (issue 39): the filter shows once the provider's courses carry one (or the address asks for one).
  const levelsServed = level !== undefined || (courses.currentData?.items.some((course) => course.level !== undefined) ?? false);
  /** Drops the filters, keeps the order; the focus goes to the first filter, now empty (the button goes with the filters). */
  const clearFilters = () => {
    dropFilters();
    searchInput.current?.focus();
  };
  const nothingMatches = filtered && total === 0;
  /** The choices the phone's sheet holds (all but the search). */
  const applied = [language !== '', categoryId !== undefined, level !== undefined, free, sort !== undefined].filter(Boolean).length;

  return (
    <PageHeading title={messages.allCoursesTitle}>
      <CatalogueFilters
        search={<SearchBox initialValue={search} inputRef={searchInput} onSearch={(text) => setFilter(courseFilterParams.search, text)} />}
        applied={applied}
        total={total}
        onClearAll={() => keepOnly(courseFilterParams.search)}
      >
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FilterSelect
            label={messages.languageFilter}
            value={language}
            onChange={(value) => setFilter(courseFilterParams.language, value)}
            anyLabel={messages.anyLanguage}
            options={languageOptions(languages.languages, language)}
            disabled={languages.languages === undefined}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <FilterSelect
            label={messages.categoryFilter}
            value={categoryId === undefined ? '' : String(categoryId)}
            onChange={(value) => setFilter(courseFilterParams.category, value)}
            anyLabel={messages.anyCategory}
            options={categoryOptions(categories.data)}
            disabled={categories.data === undefined}
          />
        </Grid>
        {levelsServed ? (
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <FilterSelect
              label={messages.levelFilter}
              value={level ?? ''}
              onChange={(value) => setFilter(courseFilterParams.level, value)}
              anyLabel={messages.anyLevel}
              options={courseLevels.map((value) => ({ value, label: courseLevelNames[value] }))}
            />
          </Grid>
        ) : null}
        <CourseOrderControls sort={sort} free={free} onChoice={setFilter} />
      </CatalogueFilters>
      {languages.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadError message={messages.languagesLoadFailed} onRetry={languages.refetch} />
        </Box>
      ) : null}
      {categories.isError ? (
        <Box sx={{ mb: 2 }}>
          <LoadError message={messages.categoriesLoadFailed} onRetry={categories.refetch} />
        </Box>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minHeight: 40, mb: 2 }}>
        <Typography role="status">
          {total === undefined
            ? ''
            : total > COURSES_PER_PAGE && offset < total
              ? `${messages.resultCount(total)} · ${messages.courseRange(offset + 1, Math.min(offset + limit, total), total)}`
              : messages.resultCount(total)}
        </Typography>
        {filtered && !nothingMatches ? <Button onClick={clearFilters}>{messages.clearFilters}</Button> : null}
      </Stack>
      {nothingMatches ? (
        <NoMatchingCourses onClear={clearFilters} />
      ) : total !== undefined && offset >= total && total > 0 ? null : (
        <CourseList
          courses={courses.currentData?.items}
          isError={courses.isError}
          onRetry={courses.refetch}
          headingLevel="h2"
          skeletons={6}
          emptyText={messages.noCourses}
          firstIsLargest
          hydrateInSteps
        />
      )}
      <ListPager page={page} pageSize={COURSES_PER_PAGE} total={total} label={messages.coursePages} hrefOf={hrefOf} />
    </PageHeading>
  );
}
