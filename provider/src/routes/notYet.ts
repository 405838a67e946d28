import { HttpError } from '../errors';
import { type Handlers } from '../router';

const notImplemented = async () => {
  throw new HttpError(501, 'Not implemented yet');
};

/**
 * Operations of api-spec.yaml whose handlers are still being written: 501 `{msg}` until their
 * area's module takes them over (remove each one here when it does).
 */
export function notYetHandlers(): Handlers {
  return {
    listStudentConversations: notImplemented,
    listTeacherConversations: notImplemented,
    sendVoiceMessage: notImplemented,
  };
}
