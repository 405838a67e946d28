/**
 * Outbox plumbing of the endpoints a student may use offline (`offlineQueueOperations`, marked
 * `x-offline-queue` in api-spec.yaml): their calls carry the endpoint's argument to the base
 * query, which keeps it with a call made offline (the screens' pending changes show it, and the
 * cache tags of a change sent later follow from it: outboxSync.ts); and a change kept offline
 * invalidates nothing until it is sent.
 */
import { isQueuedOffline } from './baseQuery';
import type { cachePolicy } from './cachePolicy';
import { offlineQueueOperations } from './operations';
import type { UploadArgs } from './uploadQuery';

/** A call of an endpoint that may be kept offline: its argument rides along (never sent). */
export interface OfflineArgs extends UploadArgs {
  offlineArg?: unknown;
}

type Policy = typeof cachePolicy;
type Call = (arg: unknown) => string | OfflineArgs;
type Tags = (...args: unknown[]) => unknown;

/**
 * The cache policy (cachePolicy.ts), with the endpoints a student may use offline also made to
 * pass their argument on to the base query, and to invalidate nothing while kept offline: nothing
 * changed on the provider yet, and reads made again offline would only fail. Their tags are
 * invalidated once they are sent (outboxSync.ts).
 */
export function withOutboxPolicy(policy: Policy): Policy {
  const enhancers = offlineQueueOperations.map((name) => [
    name,
    (definition: { query?: unknown; invalidatesTags?: unknown }) => {
      Object.assign(definition, policy[name as keyof Policy]);
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
