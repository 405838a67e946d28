import { type FastifyRequest } from 'fastify';
import { Passwords, Sessions } from './auth';
import { CatalogueCache } from './catalogueCache';
import { OneTimeCodes, ResetTokens } from './codes';
import { type ProviderConfig } from './config';
import { type Queries } from './database';
import { LessonMails } from './lessonMails';
import { LessonRooms } from './lessonRoom';
import { Outbox } from './mail';
import { MediaStore } from './media';
import { type MediaStorage } from './mediaStorage';
import { Notifications } from './notifications';
import { Presenter } from './presenters';
import { SharedStore } from './sharedStore';
import { Throttle } from './throttle';
import { UploadSlots } from './uploadSlots';

/** The services every route module works with. */
export interface ProviderContext {
  config: ProviderConfig;
  /** The database through the async data layer (database.ts), which every query is moving to. */
  queries: Queries;
  passwords: Passwords;
  sessions: Sessions;
  codes: OneTimeCodes;
  resets: ResetTokens;
  outbox: Outbox;
  /** Notifications in the app and by mail, their settings and jobs (notifications.ts). */
  notifications: Notifications;
  /** The mails of booked lessons: confirmations, changes, cancellations and reminders (lessonMails.ts). */
  lessonMails: LessonMails;
  /** The lesson rooms' signalling and chat delivery, across instances through Redis when set (lessonRoom.ts). */
  rooms: LessonRooms;
  media: MediaStore;
  present: Presenter;
  /** The serialised whole course list, reused until the catalogue changes. */
  catalogue: CatalogueCache;
  throttle: Throttle;
  /** Where the throttles and upload slots of every instance are counted (REDIS_URL), or null (memory). */
  shared: SharedStore | null;
  /** The uploads in flight per client address. */
  uploadSlots: UploadSlots;
}

/** Who is calling: the logged-in student and teacher of this browser, if any. */
export interface Viewer {
  studentId: number | null;
  teacherId: number | null;
}

/** The services over the database's `queries`, with kept media in `storage` (`createMediaStorage(config.mediaStorage)`). */
export async function createContext(config: ProviderConfig, queries: Queries, storage: MediaStorage): Promise<ProviderContext> {
  const present = new Presenter(queries);
  const shared = config.redisUrl ? await SharedStore.open(config.redisUrl) : null;
  const outbox = new Outbox(queries, config.logMail, config.mail);
  const services = {
    config,
    queries,
    passwords: new Passwords(config.scryptCost),
    sessions: new Sessions(queries),
    codes: new OneTimeCodes(queries),
    resets: new ResetTokens(queries),
    outbox,
    notifications: new Notifications(queries, outbox, config, config.mail.academyName),
    media: new MediaStore(config, storage),
    present,
    catalogue: new CatalogueCache(queries, present),
    throttle: new Throttle(config.throttle, shared),
    rooms: await LessonRooms.open(config.redisUrl, console),
    shared,
    // An upload lives at most as long as a file of tmp/ may (the sweep's age): a slot older is stale.
    uploadSlots: new UploadSlots(undefined, shared, config.uploadMaxAgeMs),
  };
  return { ...services, lessonMails: new LessonMails(services) };
}

export async function viewerOf(context: ProviderContext, request: FastifyRequest): Promise<Viewer> {
  return {
    studentId: await context.sessions.userId(request, 'student'),
    teacherId: await context.sessions.userId(request, 'teacher'),
  };
}
