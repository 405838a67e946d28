/** The texts of changes made offline (the outbox) and of what cannot be done offline, for screens and tests. */
export const outboxMessages = {
  /** Beside a change kept in the outbox, which the screen shows as done. */
  queuedNote: 'Saved on this device: will be sent when you are back online.',
  /** Above the favourites list while changes to it are kept on the device. */
  favouritesQueuedNote: 'Changes to your favourites are saved on this device: they will be sent when you are back online.',
  /** In the message composer while offline; what was typed stays in the box. */
  messageOffline: 'You are offline: a message cannot be sent until you are back online. What you typed stays here.',
} as const;
