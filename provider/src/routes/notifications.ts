import { type ProviderContext } from '../context';
import { badRequest } from '../errors';
import { type MailKind, type NotificationRole, mailKinds } from '../notifications';
import { type ApiRequest, type Handlers } from '../router';
import { id } from './values';

/** Notifications shown at once when no `limit` is asked for. */
const defaultPage = 20;

/**
 * Extensions: the bell's list (listNotifications, markNotificationsRead) and the mail settings
 * (getNotificationSettings, updateNotificationSettings) of one student or teacher, only themself.
 */
export function notificationHandlers(context: ProviderContext): Handlers {
  const { sessions, notifications } = context;

  /** The person of the path, who must be the caller: 401 without that side's session, 403 for another id. */
  async function self(request: ApiRequest): Promise<{ role: NotificationRole; personId: number }> {
    const role: NotificationRole = request.params.role === 'teacher' ? 'teacher' : 'student';
    const personId = id(request.params.person_id, 'person_id');
    await sessions.requireSelf(request, role, personId);
    return { role, personId };
  }

  return {
    async listNotifications(request) {
      const { role, personId } = await self(request);
      const limit = request.query.limit === undefined ? defaultPage : Number(request.query.limit);
      const offset = request.query.offset === undefined ? 0 : Number(request.query.offset);
      return notifications.list(role, personId, limit, offset);
    },

    async markNotificationsRead(request) {
      const { role, personId } = await self(request);
      const given = request.body?.ids;
      let ids: number[] | null = null;
      if (given !== undefined && given !== '') {
        if (typeof given !== 'string' || !/^\d+(,\d+)*$/.test(given)) throw badRequest('ids must be notification ids separated by commas.');
        ids = given.split(',').map((value) => id(value, 'ids'));
      }
      const marked = await notifications.markRead(role, personId, ids);
      const { unread } = await notifications.list(role, personId, 0, 0);
      return { marked, unread };
    },

    async getNotificationSettings(request) {
      const { role, personId } = await self(request);
      return { kinds: await notifications.settings(role, personId) };
    },

    async updateNotificationSettings(request) {
      const { role, personId } = await self(request);
      const choices: Partial<Record<MailKind, boolean>> = {};
      for (const kind of mailKinds[role]) {
        const value = request.body?.[kind];
        if (typeof value === 'boolean') choices[kind] = value;
      }
      await notifications.saveSettings(role, personId, choices);
      return { kinds: await notifications.settings(role, personId) };
    },
  };
}
