import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { type SearchableText, matchesSearch, searchableText } from '../../src/api/forgivingSearch';
import { type Queries } from './database';
import { type CourseFacts, type Presenter } from './presenters';
import { type RankFacts, rankFactsOf } from './recommendations';

const compressors = {
  // The quality @fastify/compress uses (compression.ts), so a cached answer is the size of a fresh one.
  br: (input: Buffer) =>
    promisify(brotliCompress)(input, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: input.length },
    }),
  gzip: (input: Buffer) => promisify(gzip)(input),
};

type Encoding = keyof typeof compressors;

/** Answers smaller than this go out uncompressed, as compression.ts's threshold. */
const compressionThreshold = 1024;

/** One course of the cached list, serialised. */
interface CachedCourse {
  /** Its answer for a viewer who may not watch its videos. */
  json: string;
  /** Its answer with the chapter videos; null when that is the same (no chapter has a video). */
  withVideos: string | null;
  /** What Recommended Courses ranks it by, as its answer shows it (recommendations.ts). */
  rank: RankFacts;
  /** Its title and description, as the search reads them. */
  text: string;
  /** `text` made ready for searching, on the first search that reads it (kept while the course is unchanged). */
  searchable?: SearchableText;
}

/** The whole course list as of one moment. */
interface Snapshot {
  /** The newest `catalogue_changes.seq` it includes. */
  version: number;
  courses: Map<number, CachedCourse>;
  /** Course ids in list order (by id). */
  ids: number[];
  /**
   * The whole list for a viewer who may watch none of its videos (the shared answer), in UTF-8:
   * sending a string would encode it again on every call.
   */
  bytes: Buffer;
  compressed: Partial<Record<Encoding, Promise<Buffer>>>;
}

/** Past this many changed courses a refresh presents the whole list again (as fast, and no long id list). */
const mostChangedCourses = 1000;

/**
 * The serialised course list of the catalogue (published courses; and its brotli and gzip forms), reused until something a course
 * answer shows changes. Migration 11's triggers log the id of every course whose answer may have
 * changed in `catalogue_changes` (courses, chapters, ratings, enrolments, categories, a teacher's
 * name or photo), so any writer (a route, a script, another process on the same database)
 * invalidates it. Each call reads the newest change (one query); when there are new ones, just
 * those courses are presented again (three queries) and the list is joined anew. Chapter videos
 * are the only part that depends on the caller: the shared list has none, and a caller who may
 * watch some courses gets those courses' cached variants instead.
 */
export class CatalogueCache {
  private snapshot: Snapshot | null = null;
  /** The snapshot being made, which every caller meanwhile waits for instead of making another. */
  private making: Promise<Snapshot> | null = null;

  constructor(
    private readonly queries: Queries,
    private readonly present: Presenter,
  ) {}

  private static async latestChange(queries: Queries): Promise<number> {
    const row = await queries.one(sql<{ seq: number }>`SELECT COALESCE(MAX(seq), 0) AS seq FROM catalogue_changes`);
    return row?.seq ?? 0;
  }

  /** The current snapshot, brought up to date if the catalogue changed since it was made. */
  async current(): Promise<Snapshot> {
    const version = await CatalogueCache.latestChange(this.queries);
    if (this.snapshot?.version === version) return this.snapshot;
    this.making ??= this.made().finally(() => {
      this.making = null;
    });
    const snapshot = await this.making;
    // Begun before the change this caller saw: make one that has it.
    return snapshot.version >= version ? snapshot : this.made();
  }

  /** A snapshot of now, read in one transaction: the changes and the courses as of the same moment. */
  private async made(): Promise<Snapshot> {
    const snapshot = await this.queries.transaction(
      async (queries) => {
        const version = await CatalogueCache.latestChange(queries);
        const previous = this.snapshot;
        if (previous?.version === version) return previous;
        const changed = previous && (await CatalogueCache.changedSince(queries, previous.version, version));
        return previous && changed ? this.updated(queries, previous, changed, version) : this.built(queries, version);
      },
      { snapshot: true },
    );
    this.snapshot = snapshot;
    return snapshot;
  }

  /** The courses changed after `from` up to `to`; null when that is unknown (pruned) or too many. */
  private static async changedSince(queries: Queries, from: number, to: number): Promise<Set<number> | null> {
    if (to < from) return null;
    const rows = await queries.all(sql<{ course_id: number | null }>`SELECT course_id FROM catalogue_changes WHERE seq > ${from} AND seq <= ${to}`);
    if (rows.length !== to - from || rows.some((row) => row.course_id === null)) return null;
    const changed = new Set(rows.map((row) => row.course_id as number));
    return changed.size > mostChangedCourses ? null : changed;
  }

  /** The catalogue holds published courses only: drafts are left out of every public list (drafts.ts). */
  private async built(queries: Queries, version: number): Promise<Snapshot> {
    const courses = new Map<number, CachedCourse>();
    for (const facts of await this.present.courseFacts('all', queries)) {
      if (facts.row.status === 'published') courses.set(facts.row.id, this.cached(facts));
    }
    return snapshotOf(version, courses);
  }

  /** A course published or unpublished is a changed course (the update trigger logs it): it joins or leaves the list. */
  private async updated(queries: Queries, previous: Snapshot, changed: ReadonlySet<number>, version: number): Promise<Snapshot> {
    const courses = new Map(previous.courses);
    for (const id of changed) courses.delete(id);
    for (const facts of await this.present.courseFacts([...changed], queries)) {
      if (facts.row.status === 'published') courses.set(facts.row.id, this.cached(facts));
    }
    return snapshotOf(version, courses);
  }

  private cached(facts: CourseFacts): CachedCourse {
    const hasVideos = facts.chapters.some((chapter) => chapter.video !== null);
    const answer = this.present.courseAnswer(facts, false);
    return {
      json: JSON.stringify(answer),
      withVideos: hasVideos ? JSON.stringify(this.present.courseAnswer(facts, true)) : null,
      rank: rankFactsOf(answer),
      text: `${facts.row.title} ${facts.row.description}`,
    };
  }

  /** The snapshot only if it is still current (no rebuild): for pages, which are cheap to make. */
  async ifCurrent(): Promise<Snapshot | null> {
    const snapshot = this.snapshot;
    if (!snapshot) return null;
    return snapshot.version === (await CatalogueCache.latestChange(this.queries)) ? snapshot : null;
  }

  /** The JSON list of the given courses of `snapshot`, with videos for those in `watchable`. */
  static listJson(snapshot: Snapshot, ids: readonly number[], watchable: ReadonlySet<number>): string {
    const parts: string[] = [];
    for (const id of ids) {
      const course = snapshot.courses.get(id);
      if (course) parts.push(watchable.has(id) && course.withVideos !== null ? course.withVideos : course.json);
    }
    return `[${parts.join(',')}]`;
  }

  /**
   * The ids of the courses of `snapshot` whose title and description match `search` (the rule the
   * browser applies too: src/api/forgivingSearch.ts), matched here rather than in SQL because SQLite
   * and PostgreSQL share no way to drop accents or forgive a typo (docs/decisions/0035-forgiving-search.md).
   */
  static matching(snapshot: Snapshot, search: string): Set<number> {
    const ids = new Set<number>();
    for (const [id, course] of snapshot.courses) {
      course.searchable ??= searchableText(course.text);
      if (matchesSearch(search, course.searchable)) ids.add(id);
    }
    return ids;
  }

  /** The rank facts of every course of `snapshot`, in list order (by id). */
  static *rankFacts(snapshot: Snapshot): Generator<[number, RankFacts]> {
    for (const id of snapshot.ids) {
      const course = snapshot.courses.get(id);
      if (course) yield [id, course.rank];
    }
  }

  /** Whether the shared list is this viewer's list too: they may watch no video in it. */
  static isShared(snapshot: Snapshot, watchable: ReadonlySet<number>): boolean {
    for (const id of watchable) if (snapshot.courses.get(id)?.withVideos) return false;
    return true;
  }

  /**
   * Sends the shared whole list, compressed as the client accepts (once per version: every later
   * call sends the same bytes), or as it is.
   */
  async sendShared(request: FastifyRequest, reply: FastifyReply, snapshot: Snapshot): Promise<Buffer> {
    reply.type('application/json; charset=utf-8');
    addVary(reply, 'accept-encoding');
    const encoding = acceptedEncoding(request);
    if (encoding === null || snapshot.bytes.length < compressionThreshold) return snapshot.bytes;
    let compressed = snapshot.compressed[encoding];
    if (!compressed) {
      const started = compressors[encoding](snapshot.bytes);
      snapshot.compressed[encoding] = started;
      // A failure is not kept: the next call tries again.
      started.catch(() => {
        if (snapshot.compressed[encoding] === started) delete snapshot.compressed[encoding];
      });
      compressed = started;
    }
    const body = await compressed;
    // Set last: @fastify/compress passes an answer that already has a Content-Encoding through.
    reply.header('Content-Encoding', encoding);
    return body;
  }
}

/** A snapshot of these courses, listed by id. */
function snapshotOf(version: number, courses: Map<number, CachedCourse>): Snapshot {
  const ids = [...courses.keys()].sort((a, b) => a - b);
  const bytes = Buffer.from(`[${ids.map((id) => (courses.get(id) as CachedCourse).json).join(',')}]`);
  return { version, courses, ids, bytes, compressed: {} };
}

/**
 * The encoding to send by `Accept-Encoding`, as @fastify/compress chooses it: brotli or gzip
 * (`x-gzip` counts as gzip, `*` as either) with the higher weight, brotli on a tie; none for
 * `X-No-Compression`, no header or neither accepted.
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (request.headers['x-no-compression'] !== undefined || typeof header !== 'string') return null;
  const weights = new Map<string, number>();
  for (const entry of header.toLowerCase().split(',')) {
    const [name = '', ...parameters] = entry.split(';').map((part) => part.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<Encoding | null>(
    (chosen, encoding) => (weightOf(encoding) > (chosen === null ? 0 : weightOf(chosen)) ? encoding : chosen),
    null,
  );
  return best;
}

function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  const values = current === undefined ? [] : String(current).split(',').map((value) => value.trim());
  if (!values.some((value) => value.toLowerCase() === field)) reply.header('Vary', [...values, field].join(', '));
}
