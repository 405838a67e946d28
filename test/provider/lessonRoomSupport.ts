import { sql } from 'kysely';
import WebSocket from 'ws';
import { type Client, type DemoIds, type RunningProvider, inDatabase } from './support';

/** Lessons in a room and the room's signalling socket, for the suites that test it (lesson-room, shared-store). */
export const minute = 60_000;

/** A lesson of the demo student's with the demo teacher, starting `inMs` from now (negative: already started), booked unless said. */
export async function bookedLesson(
  provider: RunningProvider,
  ids: DemoIds,
  inMs: number,
  status: 'booked' | 'cancelled' | 'awaiting_payment' = 'booked',
): Promise<number> {
  const startsAt = new Date(Date.now() + inMs);
  const endsAt = new Date(startsAt.getTime() + 25 * minute);
  const row = await inDatabase(provider, (queries) =>
    queries.one(
      sql<{ id: number }>`INSERT INTO lessons (teacher_id, student_id, title, minutes, free_trial, price, languages, starts_at, ends_at,
          cancellation_hours, status, created_at)
        VALUES (${ids.teacherId}, ${ids.studentId}, 'Conversation practice', 25, 0, '20.00', '["Yoruba"]', ${startsAt.toISOString()},
          ${endsAt.toISOString()}, 24, ${status}, ${new Date().toISOString()})
        RETURNING id`,
    ),
  );
  return (row as { id: number }).id;
}

export interface RoomSocket {
  ws: WebSocket;
  /** The next message of a type, waited for. */
  next(type: string): Promise<Record<string, unknown>>;
  /**
   * The next `peer` message that changes the presence it last told, repeats skipped: over a shared
   * store each instance announces the other side's presence when it hears a join, so a presence
   * can arrive twice.
   */
  nextPeerChange(): Promise<Record<string, unknown>>;
  closed: Promise<{ code: number; reason: string }>;
}

function wsUrl(server: { url: string }, path: string): string {
  return `${server.url.replace(/^http/, 'ws')}${path}`;
}

function cookieOf(client: Client): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** Opens the room's socket as `client` on `server` (the provider, or a server in front of it); resolves once open (rejects with the refusal's status). */
export function joinRoom(server: { url: string }, client: Client, lessonId: number, headers: Record<string, string> = {}): Promise<RoomSocket> {
  const ws = new WebSocket(wsUrl(server, `/api/lessons/${lessonId}/room/signal`), { headers: { cookie: cookieOf(client), ...headers } });
  const received: Record<string, unknown>[] = [];
  const waiting: { type: string; resolve: (message: Record<string, unknown>) => void }[] = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Record<string, unknown>;
    const index = waiting.findIndex((wait) => wait.type === message.type);
    if (index >= 0) waiting.splice(index, 1)[0]?.resolve(message);
    else received.push(message);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const next = (type: string) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const index = received.findIndex((message) => message.type === type);
      if (index >= 0) resolve(received.splice(index, 1)[0] as Record<string, unknown>);
      else waiting.push({ type, resolve });
    });
  let lastPresence: unknown;
  const nextPeerChange = async () => {
    for (;;) {
      const message = await next('peer');
      if (message.present !== lastPresence) {
        lastPresence = message.present;
        return message;
      }
    }
  };
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve({ ws, next, nextPeerChange, closed }));
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk));
      response.on('end', () => reject(Object.assign(new Error(`refused ${response.statusCode}`), { status: response.statusCode, body })));
    });
    ws.on('error', (error) => reject(error));
  });
}

export async function roomRefusal(
  server: { url: string },
  client: Client,
  lessonId: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; msg: string }> {
  const error = (await joinRoom(server, client, lessonId, headers).then(
    () => null,
    (caught: unknown) => caught,
  )) as { status: number; body: string } | null;
  if (error === null) throw new Error('the handshake was accepted');
  return { status: error.status, msg: (JSON.parse(error.body) as { msg: string }).msg };
}

