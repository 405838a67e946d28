import { useSearchParams } from 'react-router-dom';

export type When = 'upcoming' | 'past';

/** Which lessons My lessons shows, kept in the address (`?when=past&page=2`; none: Upcoming, page 1). */
export function useListPlace() {
  const [searchParams, setSearchParams] = useSearchParams();
  const when: When = searchParams.get('when') === 'past' ? 'past' : 'upcoming';
  const asked = Number(searchParams.get('page'));
  const page = Number.isSafeInteger(asked) && asked >= 1 ? asked : 1;
  const go = (next: { when: When; page: number }) =>
    setSearchParams(
      (params) => {
        if (next.when === 'past') params.set('when', 'past');
        else params.delete('when');
        if (next.page > 1) params.set('page', String(next.page));
        else params.delete('page');
        return params;
      },
      { replace: false },
    );
  return { when, page, setWhen: (chosen: When) => go({ when: chosen, page: 1 }), setPage: (chosen: number) => go({ when, page: chosen }) };
}
