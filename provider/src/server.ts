import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Checkout, registerCheckoutRoutes } from './checkout';
import { installCompression } from './compression';
import { installConditionalAnswers } from './conditional';
import { type ProviderOptions, resolveConfig } from './config';
import { type ProviderContext, createContext, viewerOf } from './context';
import { openData } from './database';
import { frameworkErrors, installErrorHandlers } from './errors';
import { registerHealthRoutes } from './health';
import { registerLessonRoom } from './lessonRoom';
import { loggerOptions, requestId } from './logging';
import { registerOutboxRoute } from './mail';
import { registerUnsubscribeRoutes } from './notifications';
import { registerMediaRoutes } from './media';
import { createMediaStorage } from './mediaStorage';
import { attachmentDisposition, mayOpenPrivateMedia, privateDownloadName } from './privateMedia';
import { type CourseRow } from './records';
import { registerResumableUploads } from './resumableUploads';
import { registerOperations } from './router';
import { allHandlers } from './routes/handlers';
import { seedAcademy, seedDemoData } from './seed';
import { seedCatalogue } from './seedCatalogue';
import { StripePayments } from './stripePayments';
import { installThrottleGate } from './throttle';
import { loadSpec } from './spec';
import { installXsrfProtection } from './xsrf';

/**
 * The local provider: every operation of api-spec.yaml under /api, backed by SQLite in `dataDir`
 * and the media store (`dataDir`'s `media/` unless MEDIA_DIR or S3_BUCKET say otherwise), plus the checkout pages, `/media/...` and, in development mode,
 * `GET /dev/outbox`.
 */
export async function buildProvider(options: ProviderOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options);
  const document = loadSpec(config.specFile);
  const data = await openData(config.database);
  const { created, queries } = data;
  let closeShared: () => Promise<void> | undefined = () => undefined;
  let storage: Awaited<ReturnType<typeof createMediaStorage>> | undefined;
  try {
    storage = await createMediaStorage(config.mediaStorage);
    const context = await createContext(config, queries, storage);
    closeShared = () => context.shared?.close();
    await context.shared?.ready();
    if (created) await seedAcademy(queries);
    if (created && config.demo) {
      await seedDemoData(context);
      if (config.seedCourses > 0) await seedCatalogue(context.queries, config.seedCourses);
    }
    await recordMissingDurations(context);

    const app = Fastify({
      logger: loggerOptions(config),
      genReqId: requestId,
      frameworkErrors,
      // On close, connections with no request in flight are closed at once and the others when
      // their answer is sent; closeGracefully cuts those still open after the grace.
      forceCloseConnections: 'idle',
      trustProxy: config.trustProxy,
      // A request must arrive whole within requestTimeoutMs (a body trickled in slowly is cut
      // off with 408), and a connection idle for a minute is closed. Node checks the first every
      // connectionsCheckingInterval, and only when the server was created with it (setting
      // `requestTimeout` afterwards, as Fastify does, is not enough on Node 20).
      requestTimeout: config.requestTimeoutMs,
      connectionTimeout: Math.max(60_000, config.requestTimeoutMs),
      http: {
        requestTimeout: config.requestTimeoutMs,
        connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(config.requestTimeoutMs / 4))),
      },
    });
    app.setValidatorCompiler(requestValidatorCompiler());
    installErrorHandlers(app);
    cutUnreadBodies(app);
    // API answers are data for one user: never cached, never sniffed into another type. Media
    // answers set their own caching.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('X-Content-Type-Options', 'nosniff');
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
      return payload;
    });
    // …except the polled reads the spec lets answer 304: ETag and `private, no-cache`.
    installConditionalAnswers(app);
    await installCompression(app);
    // Cookies are set at the last moment (onSend), so error answers keep those set before the
    // error; `secure: 'auto'` marks them Secure when the browser came over HTTPS (X-Forwarded-Proto
    // counts behind a trusted proxy).
    await app.register(fastifyCookie, { parseOptions: { path: '/', sameSite: 'lax', secure: 'auto' } });
    await app.register(fastifyFormbody);
    await app.register(fastifyMultipart, {
      limits: { fileSize: Math.max(config.imageLimitBytes, config.videoLimitBytes), files: 5, fields: 50 },
    });
    installXsrfProtection(app, [config.appOrigin]);
    installThrottleGate(app, context.throttle);

    // With Stripe, payments go through its Checkout and the local test checkout's pages are gone.
    const checkout = new Checkout(context, config.stripe ? await StripePayments.open(context, config.stripe) : null);
    // Before the operations: the room's WebSocket route needs the plugin's upgrade handling.
    await registerLessonRoom(app, context, context.rooms);
    registerOperations(app, document, allHandlers(context, checkout), context);
    const resumable = registerResumableUploads(app, context);
    if (!config.stripe) registerCheckoutRoutes(app, checkout, config.appOrigin);
    registerUnsubscribeRoutes(app, context.notifications);
    app.decorate('notifications', context.notifications);
    app.decorate('lessonMails', context.lessonMails);
    if (config.devMode) registerOutboxRoute(app, context.outbox);
    registerHealthRoutes(app, config, queries);
    context.media.onError = (error) => app.log.error(error);
    registerMediaRoutes(app, storage, {
      mayWatch: async (request, chapterMediaUrl) => {
        // A chapter's video or captions (any language's track), or the model recording of one of its exercises (a draft's
        // only to the teacher). A free preview's video and captions go to anyone once its course
        // is published (`open`); its exercises stay the enrolled students'.
        const course = await queries.one(
          sql<Pick<CourseRow, 'id' | 'teacher_id'> & { shown: number; open: number }>`SELECT c.id, c.teacher_id, 1 AS shown,
               CASE WHEN ch.is_preview = 1 AND c.status = 'published' THEN 1 ELSE 0 END AS open
             FROM chapters ch JOIN courses c ON c.id = ch.course_id
             WHERE ch.video = ${chapterMediaUrl} OR ch.captions = ${chapterMediaUrl}
           UNION ALL
           SELECT c.id, c.teacher_id, 1 AS shown,
               CASE WHEN ch.is_preview = 1 AND c.status = 'published' THEN 1 ELSE 0 END AS open
             FROM chapter_caption_tracks t JOIN chapters ch ON ch.id = t.chapter_id JOIN courses c ON c.id = ch.course_id
             WHERE t.url = ${chapterMediaUrl}
           UNION ALL
           SELECT c.id, c.teacher_id, x.is_published AS shown, 0 AS open
             FROM exercises x JOIN chapters ch ON ch.id = x.chapter_id JOIN courses c ON c.id = ch.course_id
             WHERE x.audio = ${chapterMediaUrl}`,
        );
        if (!course) return false;
        if (Number(course.open) === 1) return true;
        const viewer = await viewerOf(context, request);
        return viewer.teacherId === course.teacher_id || (Number(course.shown) === 1 && (await context.present.mayWatch(viewer, course)));
      },
      mayOpenPrivate: (request, privateMediaUrl) => mayOpenPrivateMedia(context, request, privateMediaUrl),
      privateDisposition: async (privateMediaUrl) => attachmentDisposition(await privateDownloadName(context, privateMediaUrl)),
    });

    // Uploads cut short in a way no request noticed (a crash, a bug) leave `tmp/` once stale; lesson
    // refunds Stripe failed are tried again.
    const sweep = setInterval(() => {
      context.media.sweepStaleUploads().catch((error: unknown) => app.log.error(error));
      resumable.sweep().catch((error: unknown) => app.log.error(error));
      checkout.stripe?.refundDue(app.log).catch((error: unknown) => app.log.error(error));
    }, config.uploadSweepIntervalMs);
    sweep.unref();

    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await context.notifications.stop();
      await context.lessonMails.stop();
      await context.rooms.close();
      await context.outbox.stop();
      await context.media.close();
      await context.shared?.close();
      await data.close();
    });
    // Mail over SMTP, when set: each attempt and failure in the log if there is one (else failures on the console).
    context.outbox.start(config.logger ? app.log : undefined);
    // The reminders and digests, on a timer every instance runs (notifications.ts).
    context.notifications.start(config.logger ? app.log : undefined);
    // The lessons' reminders, on a timer every instance runs (lessonMails.ts).
    context.lessonMails.start(config.logger ? app.log : undefined);
    return app;
  } catch (error) {
    await closeShared();
    await storage?.close();
    await data.close();
    throw error;
  }
}

/**
 * Stops the provider as a deployment's SIGTERM asks: it takes no new connection, closes the idle
 * ones, lets the requests in flight (an upload still arriving included) finish and be answered,
 * and closes the connections of any still running after `graceMs`; then the database, the media
 * store and the shared store are closed (the onClose hooks, which Fastify runs after its server's
 * close). Answers whether any request had to be cut.
 */
export async function closeGracefully(app: FastifyInstance, graceMs: number): Promise<{ cut: boolean }> {
  let cut = false;
  const timer = setTimeout(() => {
    cut = true;
    app.log.warn(`Requests still running ${graceMs} ms after the stop began: their connections are closed.`);
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
  return { cut };
}

/** How long, and how many more bytes, a refused request's body is read after its answer. */
const unreadBodyGrace = { ms: 500, bytes: 1024 * 1024 };

/**
 * An answer given before the request's body was read in full (a refused upload: no session, too
 * large, a second file) would leave Node to read the rest of the body, however long, or to hold
 * the connection open. The body is discarded for a moment so the client reads the answer (a
 * browser still uploading would otherwise see a reset instead of the 401 or 400), then the
 * connection is closed.
 */
function cutUnreadBodies(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    const body = request.raw;
    // (A body read to its end is complete; `app.inject()`'s requests, which tests use, say only the former.)
    if (body.complete || body.readableEnded || body.destroyed) return;
    let discarded = 0;
    const stop = () => {
      clearTimeout(timer);
      body.off('data', discard);
      body.off('end', finished);
    };
    const close = () => {
      stop();
      // (A request made with `app.inject()`, as tests do, has no socket to close.)
      if (typeof body.socket?.destroy === 'function') body.socket.destroy();
    };
    const discard = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > unreadBodyGrace.bytes) close();
    };
    const finished = () => stop();
    // Unref'd: the connection, while open, keeps the process alive; the timer alone must not (a
    // stopped provider's process, or a Jest worker after its last suite, would wait it out).
    const timer = setTimeout(close, unreadBodyGrace.ms);
    timer.unref();
    body.on('data', discard).on('end', finished).resume();
  });
}

/** Chapters kept before durations were recorded (migration 2) get theirs when the provider starts. */
async function recordMissingDurations({ queries, media }: ProviderContext): Promise<void> {
  const chapters = await queries.all(
    sql<{ id: number; video: string }>`SELECT id, video FROM chapters WHERE video IS NOT NULL AND duration_seconds IS NULL`,
  );
  for (const chapter of chapters) {
    const duration = await media.videoDuration(chapter.video);
    if (duration !== null) await queries.run(sql`UPDATE chapters SET duration_seconds = ${duration} WHERE id = ${chapter.id}`);
  }
}

/** A request validator as Fastify calls it (Ajv's signature), its errors read after each call. */
type RequestValidator = ((data: unknown, dataContext?: Parameters<ValidateFunction>[1]) => boolean) & Pick<ValidateFunction, 'errors'>;
type ValidatorCompiler = ({ schema }: { schema: object }) => RequestValidator;
let sharedValidatorCompiler: ValidatorCompiler | undefined;

/**
 * Ajv for JSON Schema 2020-12 (OpenAPI 3.1), coercing form strings to the declared types. A route's
 * schema is compiled when a request first needs it, not when the route is registered (compiling
 * all 234 took over a second at each start, most of them never used by a test suite); one Ajv and
 * one validator per distinct schema then serve every provider built in the process. The schemas
 * are not checked against the 2020-12 meta-schema here (compiling that took half a second): the
 * spec's lint does, and the contract suite compiles every component with the check and sends
 * every operation a request.
 */
function requestValidatorCompiler(): ValidatorCompiler {
  if (sharedValidatorCompiler) return sharedValidatorCompiler;
  const ajv = new Ajv2020({ coerceTypes: 'array', useDefaults: true, removeAdditional: true, strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addFormat('password', true);
  ajv.addFormat('binary', true);
  const validators = new Map<string, ValidateFunction>();
  const validatorFor = (schema: object): ValidateFunction => {
    const key = JSON.stringify(schema);
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      validators.set(key, validate);
    }
    return validate;
  };
  sharedValidatorCompiler = ({ schema }) => {
    let compiled: ValidateFunction | undefined;
    const ajvValidator = () => (compiled ??= validatorFor(schema));
    const validate: RequestValidator = (data, dataContext) => {
      const valid = ajvValidator()(data, dataContext);
      validate.errors = ajvValidator().errors;
      return valid;
    };
    // Fastify hands a validator the request as the parent of its data (so Ajv may replace a
    // coerced value at the root) when it carries Ajv's `schemaEnv`: the compiled one's.
    Object.defineProperty(validate, 'schemaEnv', { get: () => ajvValidator().schemaEnv });
    return validate;
  };
  return sharedValidatorCompiler;
}
