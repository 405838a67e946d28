import { messagingMessages } from './messagingMessages';

/**
 * The texts of the inbox, its conversation pages and voice notes (extensions), apart from the
 * messaging texts the area menus carry into every page's first load; with those for one import.
 */
export const inboxMessages = {
  ...messagingMessages,
  inboxTitle: 'Messages',
  conversationDocumentTitle: (name: string) => `${name} — Messages`,
  conversationsLabel: 'Conversations',
  loadingInbox: 'Loading your conversations',
  inboxFailed: 'Your conversations could not be loaded.',
  noStudentConversations: 'You have no teachers to write to yet: enrol in a course to meet its teacher.',
  noTeacherConversations: 'You have no students to write to yet: they appear here when they enrol in one of your courses.',
  chooseConversation: 'Choose a conversation to read it and write.',
  backToInbox: 'All conversations',
  noMessagesShort: 'No messages yet',
  youWrote: (text: string) => `You: ${text}`,
  voiceNote: 'Voice note',
  voiceNoteOf: (clock: string) => `Voice note, ${clock}`,
  unknownPerson: (id: number) => `No. ${id}`,
  /** The heading of a conversation whose other person the inbox could not name (it could not be read: offline, say). */
  conversationHeading: 'Conversation',
  conversationNotSaved: 'This conversation was not saved on this device. It will show when you are back online.',
  inboxNotSaved: 'Your conversations were not saved on this device. They will show when you are back online.',
  recordVoiceNote: 'Record a voice note',
  voiceNoteLabel: 'Your voice note',
  voiceRequired: 'Please record a voice note, or turn off Record a voice note.',
  voiceCancelled: 'Sending the voice note was cancelled; it is kept here.',
  voiceSending: 'Sending the voice note',
  cancelButton: 'Cancel',
  loadEarlier: 'Load earlier messages',
  loadingEarlier: 'Loading earlier messages…',
  earlierFailed: 'Earlier messages could not be loaded.',
} as const;
