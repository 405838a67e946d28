import * as React from 'react';

/**
 * React 19's development build captures an owner stack (an `Error`) for each element it creates,
 * which was about a tenth of the app suites' time. Here every element takes the shared "unknown
 * owner" stack instead, as React itself does past 10,000 elements a render. Warnings keep their
 * component stacks; only the owner frames go. `REACT_OWNER_STACKS=1` keeps them, for a warning
 * whose origin you need.
 */
if (process.env.REACT_OWNER_STACKS !== '1') {
  const internals = (React as unknown as Record<string, object>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });
}
