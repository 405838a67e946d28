import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { recordCalls } from '@test/recordCalls';

/**
 * Records the query of each course-list call; the mocked provider answers them from its courses
 * (Yoruba for Beginners: Yoruba, category Yoruba; Pidgin Basics: Pidgin, category French).
 */
export function recordCourseRequests() {
  const calls = recordCalls('listCourses');
  return {
    queries: calls,
    last: () => calls.at(-1)?.query ?? {},
  };
}

/** The titles of the course cards shown, in order. */
export async function courseTitles() {
  const cards = await screen.findAllByRole('article');
  return cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent);
}

/** Chooses an option of a filter (MUI's listbox): opens it with a click and clicks the option. */
export async function chooseFilter(user: UserEvent, filter: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: filter }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The first page of a paged list: what a list asks for with no `?page=`. */
export const firstPage = { limit: '12', offset: '0' };
