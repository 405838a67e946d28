import * as React from 'react';
const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks: number }>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e9, set: () => {}, configurable: true });
