/**
 * A conversation (getMessages) read by parts, kept as one list per conversation in the cache.
 *
 * - The conversation's entry (`{ teacherId, studentId }`) asks for what it lacks, whoever asks
 *   (polling, focus, a send's invalidation, a remount): the newest 50 when it holds nothing
 *   (`limit=50`), then only what is newer than the newest it holds (`after=<id>`), and merges the
 *   answer into its list.
 * - 'Load earlier messages' asks `{ teacherId, studentId, before }` (`before=<oldest id>&limit=50`)
 *   into an entry of its own, one per conversation, whose status the button shows; its answer is
 *   put in front of the conversation's list.
 * - A provider that ignores the three (the original backend) answers the whole list: more than
 *   `limit`, ids not after `after` or not before `before`, or messages without ids tell it. The
 *   list is then kept whole (`parted: false`) and replaced by every read, as without parts; the
 *   screen shows the newest of it and reveals the rest from memory.
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { generatedApi, type GetMessagesApiArg, type Message } from './generated';
import { totalCount } from './listing';
import { normaliseMessages } from './normalise';

/** How many messages a conversation opens with, and how many more 'Load earlier messages' brings. */
export const CONVERSATION_PAGE = 50;

/** One conversation as the cache keeps it. */
export interface ConversationMessages {
  /** The messages read so far, oldest first. */
  messages: Message[];
  /** Whether the provider answers parts; false: it answers the whole list each time, which `messages` then is. */
  parted: boolean;
  /** With parts: whether the provider holds messages older than the first of `messages`. */
  earlier: boolean;
}

type Ask = Pick<GetMessagesApiArg, 'after' | 'before' | 'limit'>;
type Pair = Pick<GetMessagesApiArg, 'teacherId' | 'studentId'>;

/** What the conversation's entry asks for, given what it holds. */
function askFor(held: ConversationMessages | undefined): Ask {
  const newest = held?.messages.at(-1)?.id;
  if (held?.parted === false) return {};
  return newest === undefined ? { limit: CONVERSATION_PAGE } : { after: newest };
}

/** The answer to `ask` as a part, or as the whole list when the provider ignored what was asked. */
function partOf(answer: Message[], ask: Ask, meta: FetchBaseQueryMeta | undefined): ConversationMessages {
  const messages = normaliseMessages(answer);
  const { after = 0, before = Number.POSITIVE_INFINITY, limit } = ask;
  const whole =
    Object.keys(ask).length === 0 ||
    (limit !== undefined && messages.length > limit) ||
    messages.some(({ id }) => id === undefined || id <= after || id >= before);
  if (whole) return { messages, parted: false, earlier: false };
  // X-Total-Count says how many match; a provider without it has earlier ones when the page is full.
  const total = totalCount(meta);
  const earlier = limit !== undefined && (total === null ? messages.length === limit : total > messages.length);
  return { messages, parted: true, earlier };
}

const pairOf = ({ teacherId, studentId }: GetMessagesApiArg): Pair => ({ teacherId, studentId });

/** The messages of `page` older than the first of `held`, put in front of it (or the whole list `page` is). */
function putInFront(held: ConversationMessages, page: ConversationMessages): ConversationMessages | void {
  if (!page.parted) return page;
  if (!held.parted) return;
  const oldest = held.messages[0]?.id ?? Number.POSITIVE_INFINITY;
  held.messages.unshift(...page.messages.filter(({ id }) => id !== undefined && id < oldest));
  held.earlier = page.earlier;
}

/** Adds to `held` the messages of `part` newer than its newest (or takes the whole list `part` is). */
function addNewer(held: ConversationMessages, part: ConversationMessages): ConversationMessages | void {
  if (!part.parted || !held.parted || held.messages.length === 0) return part;
  const newest = held.messages.at(-1)?.id ?? 0;
  held.messages.push(...part.messages.filter(({ id }) => id !== undefined && id > newest));
}

type Lifecycle = { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: ConversationMessages }> };

/**
 * getMessages as the app reads it (for `enhanceEndpoints`, like the upload endpoints): the
 * request is made in `queryFn` from what the entry holds, with the generated query's URL.
 */
export function readConversationByParts(definition: { query?: unknown }): void {
  const request = definition.query as ((arg: GetMessagesApiArg) => FetchArgs) | undefined;
  if (!request) return;
  Object.assign(definition, {
    query: undefined,
    serializeQueryArgs: ({ queryArgs }: { queryArgs: GetMessagesApiArg }) =>
      queryArgs.before === undefined ? pairOf(queryArgs) : { ...pairOf(queryArgs), earlier: true },
    async queryFn(
      arg: GetMessagesApiArg,
      api: { getState: () => unknown },
      _extraOptions: unknown,
      baseQuery: (call: FetchArgs) => ReturnType<BaseQueryFn<FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>>,
    ) {
      const pair = pairOf(arg);
      const held = generatedApi.endpoints.getMessages.select(pair)(api.getState() as never).data as ConversationMessages | undefined;
      const ask: Ask = arg.before === undefined ? askFor(held) : { before: arg.before, limit: CONVERSATION_PAGE };
      const result = await baseQuery(request({ ...pair, ...ask }));
      if (result.error) return { error: result.error, meta: result.meta };
      return { data: partOf(result.data as Message[], ask, result.meta), meta: result.meta };
    },
    // The conversation's entry gathers; a page of earlier messages only replaces the last one.
    merge: (held: ConversationMessages, part: ConversationMessages, { arg }: { arg: GetMessagesApiArg }) =>
      arg.before === undefined ? addNewer(held, part) : part,
    async onQueryStarted(arg: GetMessagesApiArg, { dispatch, queryFulfilled }: Lifecycle) {
      if (arg.before === undefined) return;
      const page = await queryFulfilled.then(({ data }) => data).catch(() => undefined);
      if (!page) return;
      const update = generatedApi.util.updateQueryData('getMessages', pairOf(arg), (held) => putInFront(held as never, page) as never);
      dispatch(update);
    },
  });
}
