import { EventEmitter } from 'node:events';
import crypto from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import { type FastifyInstance, type FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import { type WebSocket } from 'ws';
import { type IceConfig } from './config';
import { type ProviderContext } from './context';
import { type Queries } from './database';
import { HttpError, messages, notFound } from './errors';
import { isCrossOrigin } from './origins';
import { apiBase } from './router';
import { type LessonMessageRow, type LessonRow } from './rows.generated';
import { id } from './routes/values';

export type Side = 'student' | 'teacher';

/** The room opens this long before the lesson and closes this long after it. */
export const roomMarginMs = 10 * 60_000;
/** The largest signalling message, in bytes. */
const maxMessageBytes = 64 * 1024;
/** A person joining from a second window takes the room over: the first socket closes with this code. */
export const replacedCode = 4001;

export interface IceServer {
  urls: string[];
  username?: string;
  credential?: string;
}

/** When a lesson's room is open: from 10 minutes before its start to 10 minutes after its end. */
export function roomWindow(lesson: Pick<LessonRow, 'starts_at' | 'ends_at'>): { opensAt: number; closesAt: number } {
  return { opensAt: Date.parse(lesson.starts_at) - roomMarginMs, closesAt: Date.parse(lesson.ends_at) + roomMarginMs };
}

/**
 * The ICE servers for one side of a lesson: the STUN servers as they are, and the TURN servers with
 * the time-limited credentials of coturn's REST API scheme (`use-auth-secret`): the user name is the
 * expiry (Unix seconds) and a label, the password the base64 HMAC-SHA1 of that name under the
 * shared secret. They expire when the room closes.
 */
export function iceServersFor(config: IceConfig, label: string, expiresAt: number): IceServer[] {
  const servers: IceServer[] = [];
  if (config.stunUrls.length > 0) servers.push({ urls: config.stunUrls });
  if (config.turnUrls.length > 0 && config.turnSecret !== null) {
    const username = `${Math.ceil(expiresAt / 1000)}:${label}`;
    const credential = crypto.createHmac('sha1', config.turnSecret).update(username).digest('base64');
    servers.push({ urls: config.turnUrls, username, credential });
  }
  return servers;
}

/** The lesson and the caller's side of it: 401 without a session, 403 for anyone else, 404 unless booked. */
export async function roomLesson(context: ProviderContext, request: FastifyRequest, lessonId: number): Promise<{ lesson: LessonRow; side: Side }> {
  const lesson = await context.queries.one(sql<LessonRow>`SELECT * FROM lessons WHERE id = ${lessonId}`);
  const [studentId, teacherId] = await Promise.all([
    context.sessions.userId(request, 'student'),
    context.sessions.userId(request, 'teacher'),
  ]);
  if (studentId === null && teacherId === null) throw new HttpError(401, 'Please log in.');
  if (!lesson || lesson.status !== 'booked') throw notFound('Lesson not found.');
  if (lesson.student_id === studentId) return { lesson, side: 'student' };
  if (lesson.teacher_id === teacherId) return { lesson, side: 'teacher' };
  throw new HttpError(403, messages.forbidden);
}

export function messageAnswer(row: LessonMessageRow) {
  return { id: row.id, lesson_id: row.lesson_id, author: row.author, text: row.text, sent_at: row.sent_at };
}

export async function roomMessages(queries: Queries, lessonId: number) {
  const rows = await queries.all(sql<LessonMessageRow>`SELECT * FROM lesson_messages WHERE lesson_id = ${lessonId} ORDER BY id`);
  return rows.map(messageAnswer);
}

/** What the instances tell each other about a room. */
interface RoomEvent {
  lessonId: number;
  /** Who it is from; `message` events come from the provider and go to both sides. */
  from: Side | null;
  kind: 'joined' | 'here' | 'left' | 'signal' | 'message';
  socketId?: string;
  data?: unknown;
}

/**
 * Carries room events to every instance: this process's memory, or Redis's publish/subscribe
 * (REDIS_URL) when several instances serve the academy, so that two people on two instances meet.
 */
interface RoomBus {
  publish(event: RoomEvent): Promise<void>;
  subscribe(listener: (event: RoomEvent) => void): void;
  close(): Promise<void>;
}

class MemoryBus implements RoomBus {
  private readonly emitter = new EventEmitter();

  async publish(event: RoomEvent): Promise<void> {
    this.emitter.emit('event', event);
  }

  subscribe(listener: (event: RoomEvent) => void): void {
    this.emitter.on('event', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const channel = 'lesson-rooms';

class RedisBus implements RoomBus {
  /** Whether the outage under way has been logged: one line per outage, not one per retry. */
  private down = false;

  private constructor(
    private readonly publisher: Redis,
    private readonly subscriber: Redis,
    private readonly log: Pick<Console, 'warn' | 'info'>,
  ) {
    for (const client of [publisher, subscriber]) {
      client.on('error', (error: Error) => this.failed(error));
      client.on('ready', () => this.answered());
    }
    // Not awaited: a provider starts while Redis is away, and ioredis subscribes again on reconnecting.
    subscriber.subscribe(channel).catch((error: unknown) => this.failed(error));
  }

  static async open(url: string, log: Pick<Console, 'warn' | 'info'>): Promise<RedisBus> {
    const { Redis: RedisClient } = await import('ioredis');
    return new RedisBus(
      new RedisClient(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, connectTimeout: 2000, disconnectTimeout: 200 }),
      new RedisClient(url, { connectTimeout: 2000, disconnectTimeout: 200 }),
      log,
    );
  }

  /** Never fails: while Redis is away, rooms whose two people are on different instances wait for it. */
  async publish(event: RoomEvent): Promise<void> {
    await this.publisher.publish(channel, JSON.stringify(event)).catch((error: unknown) => this.failed(error));
  }

  subscribe(listener: (event: RoomEvent) => void): void {
    this.subscriber.on('message', (_channel: string, text: string) => listener(JSON.parse(text) as RoomEvent));
  }

  async close(): Promise<void> {
    this.publisher.disconnect();
    this.subscriber.disconnect();
  }

  private failed(error: unknown): void {
    if (this.down) return;
    this.down = true;
    this.log.warn(`Lesson rooms: Redis is unreachable (${error instanceof Error ? error.message : String(error)}): people on different instances cannot meet until it answers.`);
  }

  private answered(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('Lesson rooms: Redis answers again.');
  }
}

interface Member {
  socket: WebSocket;
  socketId: string;
  /** Closed because the same person joined again: its leaving is not news. */
  replaced: boolean;
  closeTimer: NodeJS.Timeout;
}

/**
 * The lesson rooms' signalling (issue 40): each booked lesson's two people exchange their WebRTC
 * offers, answers and candidates over a WebSocket, relayed to the other side only, and hear when
 * the other comes and goes and when a chat message arrives. This instance holds its own sockets;
 * every event goes through the bus, so the same code serves one instance or several.
 */
export class LessonRooms {
  private readonly members = new Map<number, Map<Side, Member>>();
  /** The socket each side of a room joined with last, as the bus told it: a leaving heard late (after a new join) is old news. */
  private readonly latestJoin = new Map<number, Map<Side, string>>();

  private constructor(private readonly bus: RoomBus) {
    bus.subscribe((event) => this.heard(event));
  }

  static async open(redisUrl: string | null, log: Pick<Console, 'warn' | 'info'>): Promise<LessonRooms> {
    return new LessonRooms(redisUrl ? await RedisBus.open(redisUrl, log) : new MemoryBus());
  }

  /** Sends a chat message to both people of the lesson, wherever they are connected. */
  async sendMessage(lessonId: number, message: ReturnType<typeof messageAnswer>): Promise<void> {
    await this.bus.publish({ lessonId, from: null, kind: 'message', data: message });
  }

  /** Takes a socket into the room until `closesAt` (Unix ms). */
  join(lessonId: number, side: Side, socket: WebSocket, closesAt: number): void {
    const socketId = crypto.randomUUID();
    const room = this.members.get(lessonId) ?? new Map<Side, Member>();
    this.members.set(lessonId, room);
    const closeTimer = setTimeout(() => {
      send(socket, { type: 'closed' });
      socket.close(1000, 'The lesson room has closed.');
    }, Math.max(0, closesAt - Date.now()));
    closeTimer.unref();
    const member: Member = { socket, socketId, replaced: false, closeTimer };
    this.replace(lessonId, side, member);
    send(socket, { type: 'peer', present: false });

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const data = isBinary ? null : parsed(raw.toString('utf8'));
      if (data === null || data.type !== 'signal') {
        socket.close(4400, 'Only signal messages of JSON text are relayed.');
        return;
      }
      void this.bus.publish({ lessonId, from: side, kind: 'signal', data: data.data });
    });
    socket.on('close', () => {
      clearTimeout(closeTimer);
      if (room.get(side) === member) room.delete(side);
      if (room.size === 0) {
        this.members.delete(lessonId);
        this.latestJoin.delete(lessonId);
      }
      if (!member.replaced) void this.bus.publish({ lessonId, from: side, kind: 'left', socketId });
    });
    void this.bus.publish({ lessonId, from: side, kind: 'joined', socketId });
  }

  async close(): Promise<void> {
    for (const room of this.members.values()) for (const member of room.values()) clearTimeout(member.closeTimer);
    await this.bus.close();
  }

  private replace(lessonId: number, side: Side, member: Member): void {
    const room = this.members.get(lessonId) as Map<Side, Member>;
    const previous = room.get(side);
    room.set(side, member);
    if (previous) this.takeOver(previous);
  }

  private takeOver(member: Member): void {
    member.replaced = true;
    member.socket.close(replacedCode, 'You joined the lesson from another window.');
  }

  private heard(event: RoomEvent): void {
    const room = this.members.get(event.lessonId);
    if (!room) return;
    if (event.kind === 'message') {
      for (const member of room.values()) send(member.socket, { type: 'message', message: event.data });
      return;
    }
    const from = event.from as Side;
    const other = room.get(otherSide(from));
    const joins = this.latestJoin.get(event.lessonId) ?? new Map<Side, string>();
    this.latestJoin.set(event.lessonId, joins);
    if (event.kind === 'joined') joins.set(from, event.socketId as string);
    if (event.kind === 'left' && joins.has(from) && joins.get(from) !== event.socketId) return;
    if (event.kind === 'joined') {
      // The same person in another instance's window: this one gives way.
      const same = room.get(from);
      if (same && same.socketId !== event.socketId) {
        room.delete(from);
        this.takeOver(same);
      }
      if (other) {
        send(other.socket, { type: 'peer', present: true });
        void this.bus.publish({ lessonId: event.lessonId, from: otherSide(from), kind: 'here' });
      }
    } else if (event.kind === 'here') {
      if (other) send(other.socket, { type: 'peer', present: true });
    } else if (event.kind === 'left') {
      if (other) send(other.socket, { type: 'peer', present: false });
    } else if (other) {
      send(other.socket, { type: 'signal', data: event.data });
    }
  }
}

function otherSide(side: Side): Side {
  return side === 'student' ? 'teacher' : 'student';
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parsed(text: string): { type?: unknown; data?: unknown } | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as { type?: unknown; data?: unknown }) : null;
  } catch {
    return null;
  }
}

export const signalPath = (lessonId: number) => `${apiBase}/lessons/${lessonId}/room/signal`;

/**
 * The signalling WebSocket (`getLessonRoom` describes it). The handshake is refused with an HTTP
 * answer before the upgrade: from a page of another site (a WebSocket is not held to the same
 * origin, so a page elsewhere could otherwise use the person's cookie), without the lesson's
 * student or teacher session, or outside the room's hours.
 */
export async function registerLessonRoom(app: FastifyInstance, context: ProviderContext, rooms: LessonRooms): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: maxMessageBytes } });
  // What the handshake found, for the socket's handler.
  const joining = new WeakMap<FastifyRequest, { lessonId: number; side: Side; closesAt: number }>();
  app.get<{ Params: { lesson_id: string } }>(
    `${apiBase}/lessons/:lesson_id/room/signal`,
    {
      websocket: true,
      preValidation: async (request) => {
        if (isCrossOrigin(request, [context.config.appOrigin])) throw new HttpError(403, messages.crossOrigin);
        const lessonId = id(request.params.lesson_id);
        const { lesson, side } = await roomLesson(context, request, lessonId);
        const { opensAt, closesAt } = roomWindow(lesson);
        const at = Date.now();
        if (at < opensAt) throw new HttpError(409, 'The lesson room opens 10 minutes before the lesson.');
        if (at >= closesAt) throw new HttpError(409, 'The lesson room is closed.');
        joining.set(request, { lessonId, side, closesAt });
      },
    },
    (socket, request) => {
      const found = joining.get(request);
      if (!found) {
        socket.close(1011, 'The room could not be joined.');
        return;
      }
      rooms.join(found.lessonId, found.side, socket, found.closesAt);
    },
  );
}
