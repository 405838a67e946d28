import { DateTime } from 'luxon';
import { sql } from 'kysely';
import { type ProviderContext } from '../context';
import { type Queries } from '../database';
import { now } from '../db';
import { badRequest, notFound, uniqueMessages } from '../errors';
import { busyTimes } from '../lessonHolds';
import { type LessonHours, type WeeklyHoursRange, freeTimes, minutesOfDay } from '../lessonTimes';
import { requireTeacher } from '../records';
import { type Handlers } from '../router';
import { type LessonSettingRow, type LessonTypeRow } from '../rows.generated';
import { id, nonBlank, text } from './values';

/** The limits api-spec.yaml states (`updateTeacherLessons`, `createLessonType`, `getTeacherFreeTimes`). */
export const lessonLimits = {
  weeklyRanges: 50,
  daysOff: 100,
  mostHours: 168,
  titleLength: 80,
  lessonTypes: 10,
  languages: 7,
  languageLength: 40,
  freeTimeDays: 28,
  defaultDays: 14,
} as const;

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const startPattern = /^([01]\d|2[0-3]):(00|15|30|45)$/;
const endPattern = /^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** A teacher's settings before they set any (api-spec.yaml `TeacherLessons`). */
const unsetSettings: Omit<LessonSettingRow, 'teacher_id'> = {
  time_zone: null,
  min_notice_hours: 12,
  cancellation_hours: 24,
  weekly_hours: '[]',
  days_off: '[]',
};

function parsedJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** The stored weekly hours, by weekday then start (they were checked when saved). */
function storedWeeklyHours(json: string): WeeklyHoursRange[] {
  const parsed = parsedJson(json);
  return (Array.isArray(parsed) ? (parsed as WeeklyHoursRange[]) : []).sort(
    (a, b) => a.weekday - b.weekday || minutesOfDay(a.start) - minutesOfDay(b.start),
  );
}

function storedStrings(json: string): string[] {
  const parsed = parsedJson(json);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
}

function lessonTypeAnswer(row: LessonTypeRow) {
  return {
    id: row.id,
    teacher_id: row.teacher_id,
    title: row.title,
    minutes: Number(row.minutes),
    free_trial: Number(row.free_trial) === 1,
    price: row.price,
    languages: storedStrings(row.languages),
  };
}

/** An IANA time zone name the provider knows, as the zone database spells it (`europe/london` → `Europe/London`). */
function timeZone(value: unknown): string {
  const name = text(value);
  if (/^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(name)) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: name }).resolvedOptions().timeZone;
    } catch {
      // Not a zone: refused below.
    }
  }
  throw badRequest('The time zone is not valid: choose a place like Europe/London.');
}

/** Whole hours from 0 to 168. */
function hoursValue(value: unknown, what: string): number {
  const sent = text(value);
  const hours = Number(sent);
  if (!/^\d{1,3}$/.test(sent) || hours > lessonLimits.mostHours) throw badRequest(`The ${what} must be from 0 to 168 hours.`);
  return hours;
}

/** The weekly hours of a form: each range on the quarter hour, ending after it starts, none overlapping another of its day. */
function weeklyHours(value: unknown): WeeklyHoursRange[] {
  const parsed = parsedJson(text(value) || '[]');
  if (!Array.isArray(parsed)) throw badRequest('The weekly hours are not valid.');
  if (parsed.length > lessonLimits.weeklyRanges) throw badRequest(`The weekly hours have at most ${lessonLimits.weeklyRanges} ranges.`);
  const ranges = parsed.map((item: unknown): WeeklyHoursRange => {
    const range = (item ?? {}) as Partial<Record<keyof WeeklyHoursRange, unknown>>;
    const { weekday, start, end } = range;
    if (typeof weekday !== 'number' || !Number.isInteger(weekday) || weekday < 1 || weekday > 7) {
      throw badRequest('Each range of the weekly hours needs a weekday from 1 (Monday) to 7 (Sunday).');
    }
    if (typeof start !== 'string' || typeof end !== 'string' || !startPattern.test(start) || !endPattern.test(end)) {
      throw badRequest(`The hours of ${weekdayNames[weekday - 1]} must be times like 09:00 or 16:30, on the quarter hour (24:00 for midnight).`);
    }
    if (minutesOfDay(end) <= minutesOfDay(start)) throw badRequest(`The hours of ${weekdayNames[weekday - 1]} must end after they start.`);
    return { weekday, start, end };
  });
  ranges.sort((a, b) => a.weekday - b.weekday || minutesOfDay(a.start) - minutesOfDay(b.start));
  ranges.forEach((range, index) => {
    const previous = ranges[index - 1];
    if (previous?.weekday === range.weekday && minutesOfDay(range.start) < minutesOfDay(previous.end)) {
      throw badRequest(`The hours of ${weekdayNames[range.weekday - 1]} overlap.`);
    }
  });
  return ranges;
}

/** The days off of a form: real dates, each once, earliest first. */
function daysOff(value: unknown): string[] {
  const parsed = parsedJson(text(value) || '[]');
  if (!Array.isArray(parsed)) throw badRequest('The days off are not valid.');
  if (parsed.length > lessonLimits.daysOff) throw badRequest(`There are at most ${lessonLimits.daysOff} days off.`);
  const dates = new Set<string>();
  for (const day of parsed) {
    if (typeof day !== 'string' || !datePattern.test(day) || !DateTime.fromISO(day, { zone: 'UTC' }).isValid) {
      throw badRequest('Each day off must be a date like 2026-12-25.');
    }
    if (dates.has(day)) throw badRequest(`The day off ${day} is listed twice.`);
    dates.add(day);
  }
  return [...dates].sort();
}

/** A price in dollars from 0.01 to 1000.00 (`20` or `20.00`), with two decimals. */
function lessonPrice(value: unknown): string {
  const sent = text(value);
  if (sent === '') throw badRequest('Please fill in the price.');
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(sent)) throw badRequest('The price must be in dollars, like 20 or 20.00.');
  const cents = Math.round(Number(sent) * 100);
  if (cents < 1 || cents > 100_000) throw badRequest('The price must be from 0.01 to 1000.00 dollars.');
  return (cents / 100).toFixed(2);
}

/** The languages of a form: 1 to 7 names, trimmed, each at most 40 characters and once (whatever its case). */
function lessonLanguages(value: unknown): string[] {
  const parsed = parsedJson(text(value));
  if (!Array.isArray(parsed) || parsed.some((language) => typeof language !== 'string')) throw badRequest('The languages are not valid.');
  const languages: string[] = [];
  for (const language of (parsed as string[]).map((name) => name.trim()).filter(Boolean)) {
    if ([...language].length > lessonLimits.languageLength) {
      throw badRequest(`Each language must be at most ${lessonLimits.languageLength} characters long.`);
    }
    if (!languages.some((known) => known.toLowerCase() === language.toLowerCase())) languages.push(language);
  }
  if (languages.length < 1 || languages.length > lessonLimits.languages) {
    throw badRequest(`A lesson type has from 1 to ${lessonLimits.languages} languages.`);
  }
  return languages;
}

/** A lesson type's fields from a form, checked as `createLessonType` says. */
function lessonTypeFields(body: Record<string, unknown>) {
  const title = nonBlank(body.title, 'title');
  if ([...title].length > lessonLimits.titleLength) throw badRequest(`The title must be at most ${lessonLimits.titleLength} characters long.`);
  const minutesText = text(body.minutes);
  if (minutesText !== '25' && minutesText !== '50') throw badRequest('A lesson takes 25 or 50 minutes.');
  const freeTrialText = text(body.free_trial);
  if (freeTrialText !== 'true' && freeTrialText !== 'false') throw badRequest('Say whether the lesson is a free trial.');
  const freeTrial = freeTrialText === 'true';
  let price = '0.00';
  if (!freeTrial) price = lessonPrice(body.price);
  else if (text(body.price) !== '' && Number(text(body.price)) !== 0) throw badRequest('A free trial lesson has no price.');
  return { title, minutes: Number(minutesText), freeTrial, price, languages: JSON.stringify(lessonLanguages(body.languages)) };
}

/** 404 unless the teacher is known and approved by the academy: one still waiting is answered as an unknown one. */
export async function requireApprovedTeacher(queries: Queries, teacherId: number): Promise<void> {
  const teacher = await requireTeacher(queries, teacherId);
  if (Number(teacher.approved) !== 1) throw notFound('Teacher not found.');
}

export async function settingsOf(queries: Queries, teacherId: number) {
  const row = await queries.one(sql<LessonSettingRow>`SELECT * FROM lesson_settings WHERE teacher_id = ${teacherId}`);
  const settings = row ?? unsetSettings;
  return {
    time_zone: settings.time_zone,
    min_notice_hours: Number(settings.min_notice_hours),
    cancellation_hours: Number(settings.cancellation_hours),
    weekly_hours: storedWeeklyHours(settings.weekly_hours),
    days_off: storedStrings(settings.days_off).sort(),
  };
}

/** What `freeTimes` computes a teacher's free times from. */
export function lessonHoursOf(settings: Awaited<ReturnType<typeof settingsOf>>): LessonHours {
  return { timeZone: settings.time_zone, weeklyHours: settings.weekly_hours, daysOff: settings.days_off, minNoticeHours: settings.min_notice_hours };
}

async function lessonsOf(queries: Queries, teacherId: number) {
  const types = await queries.all(sql<LessonTypeRow>`SELECT * FROM lesson_types WHERE teacher_id = ${teacherId} ORDER BY id`);
  return { teacher_id: teacherId, ...(await settingsOf(queries, teacherId)), lesson_types: types.map(lessonTypeAnswer) };
}

/** The `from`, `days` and `minutes` of a free-times query (api-spec.yaml `getTeacherFreeTimes`). */
function freeTimesWindow(query: Record<string, unknown>, at: Date) {
  let from = at;
  if (query.from !== undefined) {
    const sent = text(query.from);
    const parsed = DateTime.fromISO(sent, { setZone: true });
    if (!parsed.isValid || !/(Z|[+-]\d{2}(:?\d{2})?)$/i.test(sent)) {
      throw badRequest('The start of the free times must be a date and time with its zone, like 2026-12-01T00:00:00Z.');
    }
    from = parsed.toJSDate();
    if (from.getTime() > DateTime.fromJSDate(at).plus({ years: 1 }).toMillis()) {
      throw badRequest('The free times can be asked for at most a year ahead.');
    }
  }
  const days = query.days === undefined ? lessonLimits.defaultDays : Number(query.days);
  if (!Number.isInteger(days) || days < 1 || days > lessonLimits.freeTimeDays) {
    throw badRequest(`The free times are for 1 to ${lessonLimits.freeTimeDays} days.`);
  }
  const minutes = query.minutes === undefined ? 25 : Number(query.minutes);
  if (minutes !== 25 && minutes !== 50) throw badRequest('A lesson takes 25 or 50 minutes.');
  return { from, days, minutes };
}

/**
 * A teacher's one-to-one lessons (extension, issue 40): their hours in their own zone, days off,
 * booking rules and lesson types (anyone reads them; only the teacher changes them), and the free
 * times computed from them (lessonTimes.ts).
 */
export function lessonHandlers(context: ProviderContext): Handlers {
  const { queries, sessions } = context;

  /** At most one free trial a teacher (`except` the type being changed); the unique index backs it when two race. */
  const assertOneFreeTrial = async (teacherId: number, except: number | null) => {
    const other = await queries.one(
      sql`SELECT id FROM lesson_types WHERE teacher_id = ${teacherId} AND free_trial = 1 ${except === null ? sql`` : sql`AND id <> ${except}`}`,
    );
    if (other) throw badRequest(uniqueMessages['lesson_types.teacher_id'] as string);
  };

  return {
    async getTeacherLessons(request) {
      const teacherId = id(request.params.teacher_id);
      await requireApprovedTeacher(queries, teacherId);
      return lessonsOf(queries, teacherId);
    },

    async updateTeacherLessons(request) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const { body } = request;
      const zone = timeZone(body.time_zone);
      const minNotice = hoursValue(body.min_notice_hours, 'minimum notice');
      const cancellation = hoursValue(body.cancellation_hours, 'cancellation window');
      const hours = JSON.stringify(weeklyHours(body.weekly_hours));
      const offDays = JSON.stringify(daysOff(body.days_off));
      await queries.run(
        sql`INSERT INTO lesson_settings (teacher_id, time_zone, min_notice_hours, cancellation_hours, weekly_hours, days_off)
            VALUES (${teacherId}, ${zone}, ${minNotice}, ${cancellation}, ${hours}, ${offDays})
            ON CONFLICT (teacher_id) DO UPDATE SET time_zone = excluded.time_zone, min_notice_hours = excluded.min_notice_hours,
              cancellation_hours = excluded.cancellation_hours, weekly_hours = excluded.weekly_hours, days_off = excluded.days_off`,
      );
      return lessonsOf(queries, teacherId);
    },

    async createLessonType(request, reply) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const fields = lessonTypeFields(request.body);
      const { count } = (await queries.one(
        sql<{ count: number }>`SELECT COUNT(*) AS count FROM lesson_types WHERE teacher_id = ${teacherId}`,
      )) as { count: number };
      if (Number(count) >= lessonLimits.lessonTypes) throw badRequest(`A teacher offers at most ${lessonLimits.lessonTypes} lesson types.`);
      if (fields.freeTrial) await assertOneFreeTrial(teacherId, null);
      const row = await queries.one(
        sql<LessonTypeRow>`INSERT INTO lesson_types (teacher_id, title, minutes, free_trial, price, languages, created_at)
          VALUES (${teacherId}, ${fields.title}, ${fields.minutes}, ${fields.freeTrial ? 1 : 0}, ${fields.price}, ${fields.languages}, ${now()})
          RETURNING *`,
      );
      return reply.code(201).send(lessonTypeAnswer(row as LessonTypeRow));
    },

    async updateLessonType(request) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const lessonTypeId = id(request.params.lesson_type_id);
      const fields = lessonTypeFields(request.body);
      if (fields.freeTrial) await assertOneFreeTrial(teacherId, lessonTypeId);
      const row = await queries.one(
        sql<LessonTypeRow>`UPDATE lesson_types SET title = ${fields.title}, minutes = ${fields.minutes}, free_trial = ${fields.freeTrial ? 1 : 0},
            price = ${fields.price}, languages = ${fields.languages}
          WHERE id = ${lessonTypeId} AND teacher_id = ${teacherId} RETURNING *`,
      );
      // Another teacher's type (or none) is not found: the WHERE decides it.
      if (!row) throw notFound('Lesson type not found.');
      return lessonTypeAnswer(row);
    },

    async deleteLessonType(request, reply) {
      const teacherId = id(request.params.teacher_id);
      await sessions.requireSelf(request, 'teacher', teacherId);
      const lessonTypeId = id(request.params.lesson_type_id);
      const removed = await queries.run(sql`DELETE FROM lesson_types WHERE id = ${lessonTypeId} AND teacher_id = ${teacherId}`);
      if (removed === 0) throw notFound('Lesson type not found.');
      return reply.code(204).send();
    },

    async getTeacherFreeTimes(request) {
      const teacherId = id(request.params.teacher_id);
      const at = new Date();
      const window = freeTimesWindow(request.query, at);
      await requireApprovedTeacher(queries, teacherId);
      const settings = await settingsOf(queries, teacherId);
      // The teacher's held and booked lessons that a lesson starting in the window could overlap.
      const windowEnd = window.from.getTime() + window.days * 24 * 60 * 60_000 + window.minutes * 60_000;
      const busy = await busyTimes(queries, teacherId, window.from, new Date(windowEnd));
      const times = freeTimes(lessonHoursOf(settings), window, at, busy);
      return { time_zone: settings.time_zone, minutes: window.minutes, times };
    },
  };
}
