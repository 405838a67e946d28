import { useEffect, useState } from 'react';
import {
  CONVERSATION_PAGE,
  errorText,
  isUploadCancelled,
  type Message,
  useGetMessagesQuery,
  useLazyGetMessagesQuery,
  useMarkMessagesReadMutation,
  useSendMessageMutation,
  useSendVoiceMessageMutation,
  useUpload,
} from '@/api';
import type { LanguageTag } from '@/components/courseLanguage';
import type { SendOutcome } from './MessageComposer';
import { inboxMessages as messages } from './inboxMessages';

/** Spec extension: an open conversation is read again every 5 seconds. */
export const CONVERSATION_POLLING_MS = 5000;

export interface ConversationParties {
  teacherId: number;
  studentId: number;
  /** The side of the person reading and writing. */
  side: 'student' | 'teacher';
}

/** The messages before the first shown: whether there may be some, and how to show them. */
export interface EarlierMessages {
  available: boolean;
  loading: boolean;
  /** Why the last attempt to load them failed, if it did. */
  error: unknown;
  load: () => void;
}

/**
 * One open conversation: its newest 50 messages, then what is new, read every 5 seconds while the
 * tab is in use and again when it comes back into focus (the API layer asks only for what it
 * lacks: conversationParts.ts), and the earlier ones 50 at a time on request; a send as the
 * reader's side; and read marks. On a provider that answers the whole list every time, the
 * newest 50 of it are shown and the earlier ones are revealed from memory. The conversation
 * is marked read by the reader when it opens and whenever a refresh brings a newer message from
 * the other side (on a provider without read marks nothing is shown). Sends and read marks
 * reach the other screens through the cache tags.
 */
export function useConversation({ teacherId, studentId, side }: ConversationParties) {
  const query = useGetMessagesQuery(
    { teacherId, studentId },
    {
      pollingInterval: CONVERSATION_POLLING_MS,
      skipPollingIfUnfocused: true,
      refetchOnFocus: true,
      refetchOnMountOrArgChange: true,
    },
  );
  const [sendMessage] = useSendMessageMutation();
  const [sendVoiceMessage] = useSendVoiceMessageMutation();
  const voiceUpload = useUpload(sendVoiceMessage);
  const [markMessagesRead] = useMarkMessagesReadMutation();
  const [loadEarlierPage, earlierPage] = useLazyGetMessagesQuery();
  const held = query.data;

  // A whole list (a provider without parts): how many of its oldest messages are not shown yet.
  const [keptBack, setKeptBack] = useState<number | null>(null);
  const wholeList = held !== undefined && !held.parted;
  if (wholeList && keptBack === null) setKeptBack(Math.max(0, held.messages.length - CONVERSATION_PAGE));
  const hidden = wholeList ? (keptBack ?? Math.max(0, held.messages.length - CONVERSATION_PAGE)) : 0;
  const shown: readonly Message[] | undefined = hidden === 0 ? held?.messages : held?.messages.slice(hidden);
  const firstId = held?.messages[0]?.id;
  const earlier: EarlierMessages = wholeList
    ? { available: hidden > 0, loading: false, error: undefined, load: () => setKeptBack(Math.max(0, hidden - CONVERSATION_PAGE)) }
    : {
        available: held?.earlier === true && firstId !== undefined,
        loading: earlierPage.isFetching,
        error: earlierPage.isError ? earlierPage.error : undefined,
        load: () => {
          if (firstId !== undefined && !earlierPage.isFetching) void loadEarlierPage({ teacherId, studentId, before: firstId });
        },
      };

  const loaded = held !== undefined;
  const fromOther = held?.messages.filter((message) => message.msg_from !== side) ?? [];
  const last = fromOther.at(-1);
  const newestFromOther = last === undefined ? 'none' : last.id !== undefined ? `id ${last.id}` : `${fromOther.length}-${last.msg_time}`;

  useEffect(() => {
    if (!loaded) return;
    // Counts are an extra: a provider without read marks (404/405) or a failed mark shows nothing.
    markMessagesRead({ teacherId, studentId, messagesReadForm: { reader: side } })
      .unwrap()
      .catch(() => undefined);
  }, [loaded, newestFromOther, markMessagesRead, teacherId, studentId, side]);

  async function send(text: string, lang: LanguageTag | undefined): Promise<SendOutcome> {
    try {
      // `lang` only when chosen: providers without the extension never see it otherwise.
      const messageForm = { msg_text: text, msg_from: side, ...(lang === undefined ? {} : { lang }) };
      const answer = await sendMessage({ teacherId, studentId, messageForm }).unwrap();
      return answer.bool
        ? { tone: 'success', text: answer.msg ?? messages.sent }
        : { tone: 'error', text: answer.msg ?? messages.sendFailed };
    } catch (error) {
      return { tone: 'error', text: errorText(error, messages.sendFailed) };
    }
  }

  /** Sends a voice note (extension), with the text typed beside it if any, as a named file of its type. */
  async function sendVoice(voice: Blob, text: string): Promise<SendOutcome> {
    const extension = voice.type.includes('ogg') ? 'ogg' : 'webm';
    const file = voice instanceof File ? voice : new File([voice], `voice-note.${extension}`, { type: voice.type || `audio/${extension}` });
    const voiceMessageForm = { msg_from: side, voice: file, ...(text.trim() === '' ? {} : { msg_text: text }) };
    try {
      const answer = await voiceUpload.send({ teacherId, studentId, voiceMessageForm });
      return answer.bool
        ? { tone: 'success', text: answer.msg ?? messages.sent }
        : { tone: 'error', text: answer.msg ?? messages.sendFailed };
    } catch (error) {
      if (isUploadCancelled(error)) return { tone: 'error', text: messages.voiceCancelled };
      return { tone: 'error', text: errorText(error, messages.sendFailed) };
    }
  }

  return { ...query, shown, earlier, send, sendVoice, voiceUpload };
}
