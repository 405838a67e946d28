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
 *
 * What to ask and what an answer is (conversationReads.ts) load with the first conversation.
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { generatedApi, type GetMessagesApiArg, type Message } from './generated';
import type { FetchQuery } from './conversationReads';

const loadReads = () => import(/* webpackChunkName: "conversation" */ './conversationReads');

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

type Pair = Pick<GetMessagesApiArg, 'teacherId' | 'studentId'>;

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
    async queryFn(arg: GetMessagesApiArg, api: { getState: () => unknown }, _extraOptions: unknown, fetchQuery: FetchQuery) {
      return (await loadReads()).readPart(arg, api.getState(), request, fetchQuery);
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
