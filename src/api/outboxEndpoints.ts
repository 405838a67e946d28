/**
 * Outbox plumbing of the endpoints a student may use offline (`offlineQueueOperations`, marked
 * `x-offline-queue` in api-spec.yaml): their calls carry the endpoint's argument to the base
 * query, which keeps it with a call made offline (the screens' pending changes show it, and the
 * cache tags of a change sent later follow from it).
 */
import type { TagDescription } from '@reduxjs/toolkit/query/react';
import { isQueuedOffline } from './baseQuery';
import { cachePolicy, type TagType } from './cachePolicy';
import { offlineQueueOperations } from './operations';
import type { UploadArgs } from './uploadQuery';

/** A call of an endpoint that may be kept offline: its argument rides along (never sent). */
export interface OfflineArgs extends UploadArgs {
  offlineArg?: unknown;
}

function forwardArg(definition: { query?: unknown }): void {
  const query = definition.query as ((arg: unknown) => string | OfflineArgs) | undefined;
  if (!query) return;
  definition.query = (arg: unknown): OfflineArgs => {
    const call = query(arg);
    return { ...(typeof call === 'string' ? { url: call } : call), offlineArg: arg };
  };
}

/** The definition changes of every endpoint that may be kept offline, for `enhanceEndpoints`. */
export const offlineQueueEndpoints = Object.fromEntries(offlineQueueOperations.map((name) => [name, forwardArg]));

type Policy = typeof cachePolicy;

/**
 * The cache policy, except that a change kept in the outbox invalidates nothing yet: nothing
 * changed on the provider, and reads made again offline would only fail. Its tags are invalidated
 * once it is sent (`tagsInvalidatedBy`).
 */
export function withOutboxPolicy(policy: Policy): Policy {
  const changed: Record<string, unknown> = {};
  for (const name of offlineQueueOperations) {
    const entry = (policy as Record<string, { invalidatesTags?: unknown } | undefined>)[name];
    const tags = entry?.invalidatesTags;
    if (tags === undefined) continue;
    changed[name] = {
      ...entry,
      invalidatesTags: (result: unknown, error: unknown, arg: unknown, meta: unknown) =>
        isQueuedOffline(error) ? [] : typeof tags === 'function' ? (tags as (...args: unknown[]) => unknown)(result, error, arg, meta) : tags,
    };
  }
  return { ...policy, ...changed } as Policy;
}

/**
 * The cache tags that changes sent from the outbox (made offline, sent later) invalidate: those
 * their mutations invalidate (cachePolicy.ts) given the same argument. Progress saves also
 * invalidate every progress read: a course page does not read its progress again after each save
 * while a chapter plays, but saves sent later may change it.
 */
export function tagsInvalidatedBy(changes: readonly { endpoint: string; arg: unknown }[]): TagDescription<TagType>[] {
  const tags: TagDescription<TagType>[] = [];
  for (const { endpoint, arg } of changes) {
    const policy = (cachePolicy as Record<string, { invalidatesTags?: unknown } | undefined>)[endpoint]?.invalidatesTags;
    const invalidated = typeof policy === 'function' ? (policy as (...args: unknown[]) => unknown)(undefined, undefined, arg, undefined) : policy;
    if (Array.isArray(invalidated)) tags.push(...(invalidated as TagDescription<TagType>[]));
    if (endpoint === 'saveChapterProgress') tags.push('Progress');
  }
  return tags;
}
