import { useEffect } from 'react';
import {
  errorText,
  isUploadCancelled,
  useGetMessagesQuery,
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

/**
 * One open conversation: its messages, read every 5 seconds while the tab is in use and again
 * when it comes back into focus; a send as the reader's side; and read marks. The conversation
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

  const loaded = query.data !== undefined;
  const fromOther = query.data?.filter((message) => message.msg_from !== side) ?? [];
  const newestFromOther = fromOther.length === 0 ? 'none' : `${fromOther.length}-${fromOther.at(-1)?.id ?? fromOther.at(-1)?.msg_time}`;

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

  return { ...query, send, sendVoice, voiceUpload };
}
