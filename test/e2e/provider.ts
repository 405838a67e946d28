/**
 * What the journeys read straight from the local provider: the demo data they start from
 * and the mails it "sent" (`GET /dev/outbox`).
 */
import assert from 'node:assert/strict';
import { providerUrl } from './browser';

export { demoLogins } from '../../provider/src/demo';

export interface ListedCourse {
  id: number;
  title: string;
  price: string | null;
  teacher: { id: number; full_name: string };
  course_chapters: { id: number; title: string }[];
}

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  code?: string;
  created_at: string;
}

async function getJson<T>(pathname: string): Promise<T> {
  const answer = await fetch(`${providerUrl}${pathname}`);
  assert.equal(answer.status, 200, `GET ${pathname} answered ${answer.status}`);
  return (await answer.json()) as T;
}

/** Every course of the demo academy, as the public list gives it. */
export function listCourses(): Promise<ListedCourse[]> {
  return getJson<ListedCourse[]>('/api/course/');
}

/** The home page's popular courses, as the provider lists them. */
export function popularCourses(): Promise<ListedCourse[]> {
  return getJson<ListedCourse[]>('/api/course/?result=3');
}

/** True when the course costs something (the app shows 'Free' for an empty or zero price). */
export function isPaid(course: ListedCourse): boolean {
  return course.price !== null && Number(course.price) > 0;
}

/** The one-time code of the newest mail sent to `email`; waits a little for it to arrive. */
export async function latestCodeFor(email: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const mails = await getJson<OutboxMail[]>('/dev/outbox');
    const mail = mails.find((entry) => entry.to === email && entry.code);
    if (mail?.code) return mail.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  assert.fail(`No mail with a code reached ${email} (see ${providerUrl}/dev/outbox)`);
}
