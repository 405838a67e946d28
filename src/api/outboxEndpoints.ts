/**
 * Outbox plumbing of the endpoints a student may use offline (`offlineQueueOperations`, marked
 * `x-offline-queue` in api-spec.yaml): their calls carry the endpoint's argument to the base
 * query, which keeps it with a call made offline (the screens' pending changes show it, and the
 * cache tags of a change sent later follow from it: `refreshSentChanges`); and a change kept offline
 * invalidates nothing until it is sent.
 */
import type { BaseQueryApi, TagDescription } from '@reduxjs/toolkit/query/react';
import { baseApi } from './baseApi';
import { isQueuedOffline } from './baseQuery';
import { cachePolicy, practicePolicy, type TagType } from './cachePolicy';
import { offlineQueueOperations } from './operations';
import type { UploadArgs } from './uploadQuery';

/** A call of an endpoint that may be kept offline: its argument rides along (never sent). */
export interface OfflineArgs extends UploadArgs {
  offlineArg?: unknown;
}

type Call = (arg: unknown) => string | OfflineArgs;
type Tags = (...args: unknown[]) => unknown;

/**
 * The cache policy (cachePolicy.ts), with the endpoints a student may use offline also made to
 * pass their argument on to the base query, and to invalidate nothing while kept offline: nothing
 * changed on the provider yet, and reads made again offline would only fail. Their tags are
 * invalidated once they are sent (`refreshSentChanges`).
 */
export function withOutboxPolicy<Policy extends object>(policy: Policy): Policy {
  const enhancers = offlineQueueOperations.filter((name) => name in policy).map((name) => [
    name,
    (definition: { query?: unknown; invalidatesTags?: unknown }) => {
      Object.assign(definition, (policy as Record<string, object>)[name]);
      const { query, invalidatesTags: tags } = definition;
      if (typeof query === 'function') {
        definition.query = (arg: unknown): OfflineArgs => {
          const call = (query as Call)(arg);
          return { ...(typeof call === 'string' ? { url: call } : call), offlineArg: arg };
        };
      }
      definition.invalidatesTags = (...args: unknown[]) => (isQueuedOffline(args[1]) ? [] : typeof tags === 'function' ? (tags as Tags)(...args) : tags);
    },
  ]);
  return { ...policy, ...Object.fromEntries(enhancers) } as Policy;
}

const everyPolicy = { ...cachePolicy, ...practicePolicy };

/** A change that left the outbox: its endpoint and the argument it was called with. */
export interface SentChange {
  endpoint: string;
  arg: unknown;
}

/**
 * The cache tags that changes sent from the outbox invalidate: those their mutations invalidate
 * (cachePolicy.ts) given the same argument. Progress saves also invalidate every progress read: a
 * course page does not read its progress again after each save while a chapter plays, but saves
 * sent later may change it.
 */
export function tagsInvalidatedBy(changes: readonly SentChange[]): TagDescription<TagType>[] {
  const tags: TagDescription<TagType>[] = [];
  for (const { endpoint, arg } of changes) {
    const policy = (everyPolicy as Record<string, { invalidatesTags?: unknown } | undefined>)[endpoint]?.invalidatesTags;
    const invalidated = typeof policy === 'function' ? (policy as (...args: unknown[]) => unknown)(undefined, undefined, arg, undefined) : policy;
    if (Array.isArray(invalidated)) tags.push(...(invalidated as TagDescription<TagType>[]));
    if (endpoint === 'saveChapterProgress') tags.push('Progress');
  }
  return tags;
}

type Dispatch = BaseQueryApi['dispatch'];

/**
 * Refreshes what changes sent from the outbox (here, in another tab or by the worker) touched;
 * settles once the screens' reads have been answered again (or failed), so that a screen can
 * keep showing the changes until then instead of the earlier read.
 */
export async function refreshSentChanges(dispatch: Dispatch, changes: readonly SentChange[]): Promise<void> {
  dispatch(baseApi.util.invalidateTags(tagsInvalidatedBy(changes) as never));
  // An invalidation waits for the reads already running, then starts its own: a few rounds at most.
  for (let round = 0; round < 3; round += 1) {
    const running = dispatch(baseApi.util.getRunningQueriesThunk());
    if (running.length === 0) return;
    await Promise.allSettled(running);
  }
}
