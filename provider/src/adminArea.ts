/**
 * The admin area's operations (extensions, issue 37): an admin logs in with a code mailed to
 * their address (no password), sees the teachers waiting for approval and approves or declines
 * them, and keeps the academy's categories. The decisions and the categories go through the
 * functions the shell's `provider:admin` calls (admin.ts).
 */
import { type FastifyRequest } from 'fastify';
import { accountMessages, normalizeEmail } from './accounts';
import {
  AdminError,
  AdminNotFound,
  addCategory,
  adminMessages,
  approve,
  decline,
  findAdmin,
  findAdminById,
  pendingTeacherById,
  pendingTeachers,
  renameCategory,
} from './admin';
import { pendingCookieNames, randomToken } from './auth';
import { resendLifetimeMs } from './codes';
import { type ProviderContext } from './context';
import { HttpError, badRequest, notFound } from './errors';
import { type Handler, type Handlers } from './router';
import { addressKey } from './throttle';
import { id, text } from './routes/values';

export const adminAreaMessages = {
  codeSent: 'If this address belongs to an admin of the academy, we have sent a login code to it.',
  loggedIn: 'You are logged in as an admin.',
  logIn: 'Please log in as an admin.',
  adminsOnly: "This area is for the academy's admins.",
  approved: (name: string) => `${name} is approved and has been told by mail.`,
  declined: (name: string) => `${name}'s application is declined; they have been told by mail.`,
} as const;

/** Null for the refusal of a sixth code within the hour (codes.ts), any other failure as it is. */
function withoutTooManyCodes(error: unknown): null {
  if (error instanceof HttpError && error.statusCode === 429) return null;
  throw error;
}

/** The admin's id: 401 without an admin session, 403 for a student or a teacher. */
export async function requireAdmin(context: ProviderContext, request: FastifyRequest): Promise<number> {
  const { sessions } = context;
  const adminId = await sessions.userId(request, 'admin');
  if (adminId !== null) return adminId;
  if ((await sessions.userId(request, 'student')) !== null || (await sessions.userId(request, 'teacher')) !== null) {
    throw new HttpError(403, adminAreaMessages.adminsOnly);
  }
  throw new HttpError(401, adminAreaMessages.logIn);
}

/** An admin-only handler: the admin's session checked first, a refusal of admin.ts answered 400 (404 for what does not exist) with its message. */
function forAdmins(context: ProviderContext, handle: Handler): Handler {
  return async (request, reply) => {
    await requireAdmin(context, request);
    try {
      return await handle(request, reply);
    } catch (error) {
      if (error instanceof AdminNotFound) throw notFound(error.message);
      if (error instanceof AdminError) throw badRequest(error.message);
      throw error;
    }
  };
}

export function adminAreaHandlers(context: ProviderContext): Handlers {
  const { queries, codes, outbox, sessions, throttle } = context;
  const academy = context.config.mail.academyName;
  const cookie = pendingCookieNames.admin;
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', maxAge: resendLifetimeMs / 1000 } as const;

  return {
    /**
     * Mails a code when the address is an admin's, and answers the same either way (with a
     * pending-code cookie either way: the answer tells nothing). Counted per address and per
     * e-mail address like a login; at most five codes an hour per admin (codes.ts).
     */
    async adminLogin(request, reply) {
      const email = normalizeEmail(text(request.body.email));
      await throttle.attempt([addressKey(request), { family: 'login', id: `admin:${email}` }]);
      const admin = await findAdmin(queries, email);
      const browserToken = randomToken();
      // An admin past five codes in the hour gets none, answered as a stranger is (a 429 here would
      // tell that the address is an admin's); the login count above answers both alike.
      const code = admin ? await codes.issue('admin', admin.id, { browserToken }).catch(withoutTooManyCodes) : null;
      if (admin && code !== null) {
        await outbox.send({
          to: admin.email,
          subject: `Your ${academy} admin login code`,
          text: ['Hello,', `Use the code ${code} to log in to the admin area. It expires in 10 minutes.`, 'If you did not ask for it, ignore this mail.', academy].join('\n\n'),
          code,
        });
      }
      reply.setCookie(cookie, browserToken, cookieOptions);
      return { bool: true, msg: adminAreaMessages.codeSent };
    },

    /**
     * Opens an admin session with the code mailed to this browser (its pending-code cookie). A
     * wrong code, a stranger's or an unknown address's is answered 400 alike; checks count like
     * the students' and teachers' codes (five wrong guesses burn a code).
     */
    async verifyAdmin(request, reply) {
      const admin = await findAdmin(queries, text(request.body.email));
      const holder = admin ? await codes.heldBy('admin', admin.id, request.cookies[cookie]) : null;
      const attempt = await throttle.attempt(
        admin && holder ? [addressKey(request), { family: 'code', id: `admin:${admin.id}` }] : [addressKey(request)],
      );
      if (!admin || !holder) throw badRequest(accountMessages.wrongCode);
      if (!holder.live) throw badRequest(accountMessages.codeSpent);
      const checked = await codes.consume('admin', admin.id, text(request.body.code));
      if (checked === 'wrong') throw badRequest(accountMessages.wrongCode);
      if (checked === 'spent') throw badRequest(accountMessages.codeSpent);
      await attempt.succeeded();
      reply.setCookie(cookie, '', { ...cookieOptions, maxAge: 0 });
      await sessions.start(request, reply, 'admin', admin.id, 'browser');
      return { bool: true, msg: adminAreaMessages.loggedIn, email: admin.email };
    },

    async adminLogout(request, reply) {
      await sessions.end(request, reply, 'admin');
      reply.header('Clear-Site-Data', '"cache"');
      return { bool: true, msg: accountMessages.loggedOut };
    },

    async getAdminSession(request) {
      const admin = await findAdminById(queries, await requireAdmin(context, request));
      return { email: admin?.email ?? '' };
    },

    listPendingTeachers: forAdmins(context, () => pendingTeachers(queries)),

    approvePendingTeacher: forAdmins(context, async (request) => {
      const teacher = await pendingTeacherById(queries, id(request.params.teacher_id));
      await approve(queries, outbox, academy, teacher, adminMessages.noLongerPending);
      return { bool: true, msg: adminAreaMessages.approved(teacher.full_name) };
    }),

    declinePendingTeacher: forAdmins(context, async (request) => {
      const teacher = await pendingTeacherById(queries, id(request.params.teacher_id));
      await decline(queries, outbox, academy, teacher, adminMessages.noLongerPending);
      return { bool: true, msg: adminAreaMessages.declined(teacher.full_name) };
    }),

    addCategory: forAdmins(context, async (request, reply) =>
      reply.code(201).send(await addCategory(queries, text(request.body.title))),
    ),

    renameCategory: forAdmins(context, async (request) =>
      renameCategory(queries, id(request.params.category_id), text(request.body.title)),
    ),
  };
}
