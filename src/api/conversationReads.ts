/**
 * How a conversation is read by parts (conversationParts.ts): what to ask for, and what the answer
 * is. Loaded with the first conversation, not with every page.
 */
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { CONVERSATION_PAGE, type ConversationMessages } from './conversationParts';
import { generatedApi, type GetMessagesApiArg, type Message } from './generated';
import { totalCount } from './listing';
import { normaliseMessages } from './normalise';

type Ask = Pick<GetMessagesApiArg, 'after' | 'before' | 'limit'>;
export type FetchQuery = (call: FetchArgs) => ReturnType<BaseQueryFn<FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>>;

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

/**
 * Reads one part: for the conversation's entry what it lacks (the newest 50 when it holds nothing,
 * then what is newer than its newest, or the whole list from a provider without parts); for
 * `before`, the 50 before it. `request` is the generated query, which makes the URL.
 */
export async function readPart(arg: GetMessagesApiArg, state: unknown, request: (arg: GetMessagesApiArg) => FetchArgs, fetchQuery: FetchQuery) {
  const pair = { teacherId: arg.teacherId, studentId: arg.studentId };
  const held = generatedApi.endpoints.getMessages.select(pair)(state as never).data as ConversationMessages | undefined;
  const ask: Ask = arg.before === undefined ? askFor(held) : { before: arg.before, limit: CONVERSATION_PAGE };
  const result = await fetchQuery(request({ ...pair, ...ask }));
  if (result.error) return { error: result.error, meta: result.meta };
  return { data: partOf(result.data as Message[], ask, result.meta), meta: result.meta };
}
