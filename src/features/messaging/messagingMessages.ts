/** The texts of messaging, on both sides; the quoted ones of the spec (sections 2.4, 2.5 and 8) to the letter. */
export const messagingMessages = {
  historyLabel: (name: string) => `Conversation with ${name}`,
  closeButton: 'Close',
  messageLabel: 'Message',
  languageLabel: 'Language of the message',
  languageNone: 'Not set (English page)',
  sendButton: 'Send',
  keyboardHint: 'Enter sends, Shift+Enter starts a new line.',
  charactersLeft: (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'character' : 'characters'} left`,
  charactersOver: (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'character' : 'characters'} too many`,
  messageRequired: 'Please write a message.',
  messageTooLong: (limit: number) => `The message is too long: at most ${limit.toLocaleString('en-GB')} characters.`,
  sent: 'Message has been sent.',
  sendFailed: 'The message could not be sent.',
  groupToStudentsServerError:
    'The message could not be sent: the server ran into a problem. Providers built on the original academy backend answer so when none of your courses has a student yet.',
  loadingConversation: 'Loading the conversation',
  conversationFailed: 'The conversation could not be loaded.',
  refreshFailed: 'The conversation could not be refreshed; it is shown as it was.',
  noMessagesYet: 'No messages yet. Write the first one below.',
  newMessages: 'New messages',
  you: 'You',
  yesterdayAt: (time: string) => `yesterday ${time}`,

  // Group messages (spec sections 2.4 and 2.5)
  groupToStudentsButton: 'Send message to All Students',
  groupToStudentsTitle: 'Send message to All Students',
  groupToTeachersButton: 'Message all my teachers',
  groupToTeachersTitle: 'Message all my teachers',
  groupToTeachersIntro: 'Your message goes to the teacher of each of your courses, in your conversation with them.',
  groupToStudentsIntro: 'Your message goes to every student enrolled in one of your courses, in your conversation with them.',

  // Unread counts (an extension)
  messagesLink: 'Messages',
  unreadColumn: 'Unread messages',
  unreadCount: (count: number) => `${count} unread ${count === 1 ? 'message' : 'messages'}`,

  // My Teachers (spec section 2.4)
  myTeachersTitle: 'My Teachers',
  teachersTableLabel: 'My teachers',
  teacherColumn: 'Teacher',
  coursesColumn: 'Courses',
  actionColumn: 'Action',
  chatButton: 'Chat',
  chatWith: (name: string) => `Chat with ${name}`,
  noTeachersYet: 'You have no teachers yet: enrol in a course to meet its teacher.',
  browseAllCourses: 'Browse all courses',
  loadingTeachers: 'Loading your teachers',
  teachersFailed: 'Your teachers could not be loaded.',

  // The teacher's side (spec section 2.5)
  messageButton: 'Message',
  messageStudent: (name: string) => `Message ${name}`,
  sendMessageButton: 'Send message',
} as const;
