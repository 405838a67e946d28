import type { ReactNode } from 'react';
import { CountCards, type CountItem } from './CountCards';
import { Greeting } from './Greeting';
import { LoadErrorDialog } from './LoadErrorDialog';
import { PageHeading } from './PageHeading';

/** The part of an RTK Query hook's result a dashboard reads. */
export interface DashboardRead<Data> {
  currentData?: Data;
  isError: boolean;
  refetch: () => void;
  /** Keys the error popup, so a new failure after a retry opens it again. */
  requestId?: string;
}

export interface DashboardTexts {
  title: string;
  loadingGreeting: string;
  /** Shown with Retry under the greeting when the person's record cannot be read. */
  personFailed: string;
  loadingCounts: string;
  /** The title and text of the popup shown when the counts cannot be read. */
  errorTitle: string;
  countsFailed: string;
}

interface DashboardPageProps<Person, Counts> {
  /** The logged-in person's record, read for the greeting. */
  person: DashboardRead<Person>;
  counts: DashboardRead<Counts>;
  /** The greeting line; `person` is undefined when the record could not be read. */
  greeting: (person: Person | undefined) => string;
  /** The count cards; `counts` is undefined while loading (the cards are skeletons then). */
  countItems: (counts: Counts | undefined) => CountItem[];
  texts: DashboardTexts;
  /** What the page opens on, between the greeting and the counts (the teacher's 'Needs your attention'). */
  lead?: ReactNode;
  /** Further content under the counts (the student's 'Continue learning'). */
  children?: ReactNode;
}

/**
 * A dashboard of the student or teacher area: its heading, a greeting from the person's record,
 * what it opens on (`lead`) and a row of counts linking to their lists. A failed record read
 * shows an Alert with Retry under the greeting; failed counts open the error popup.
 */
export function DashboardPage<Person, Counts>({ person, counts, greeting, countItems, texts, lead, children }: DashboardPageProps<Person, Counts>) {
  const greetingLoading = !person.isError && person.currentData === undefined;
  return (
    <PageHeading title={texts.title}>
      <Greeting
        text={greetingLoading ? null : greeting(person.currentData)}
        loadingLabel={texts.loadingGreeting}
        failure={person.isError ? { message: texts.personFailed, onRetry: person.refetch } : undefined}
      />
      {lead}
      {counts.isError ? (
        <LoadErrorDialog key={counts.requestId} title={texts.errorTitle} message={texts.countsFailed} onRetry={counts.refetch} />
      ) : (
        <CountCards loading={counts.currentData === undefined} loadingLabel={texts.loadingCounts} items={countItems(counts.currentData)} />
      )}
      {children}
    </PageHeading>
  );
}
