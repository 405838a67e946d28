/** Ordered schema migrations; append new ones, never edit an applied one. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'initial schema',
    sql: `
      CREATE TABLE categories (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL UNIQUE
      );

      CREATE TABLE teachers (
        id INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        qualification TEXT NOT NULL DEFAULT '',
        mobile_no TEXT NOT NULL DEFAULT '',
        skills TEXT NOT NULL DEFAULT '',
        detail TEXT NOT NULL DEFAULT '',
        profile_img TEXT,
        login_via_otp INTEGER NOT NULL DEFAULT 0 CHECK (login_via_otp IN (0, 1)),
        approved INTEGER NOT NULL DEFAULT 0 CHECK (approved IN (0, 1)),
        verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
        created_at TEXT NOT NULL
      );

      CREATE TABLE students (
        id INTEGER PRIMARY KEY,
        full_name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        username TEXT NOT NULL DEFAULT '',
        password_hash TEXT NOT NULL,
        interested_categories TEXT NOT NULL DEFAULT '',
        verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
        created_at TEXT NOT NULL
      );

      CREATE TABLE courses (
        id INTEGER PRIMARY KEY,
        category_id INTEGER NOT NULL REFERENCES categories (id),
        teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        languages TEXT NOT NULL DEFAULT '',
        price TEXT,
        featured_img TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX courses_teacher ON courses (teacher_id);
      CREATE INDEX courses_category ON courses (category_id);

      CREATE TABLE chapters (
        id INTEGER PRIMARY KEY,
        course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        video TEXT,
        remarks TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL
      );
      CREATE INDEX chapters_course ON chapters (course_id);
      CREATE INDEX chapters_video ON chapters (video);

      CREATE TABLE enrollments (
        id INTEGER PRIMARY KEY,
        course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        enrolled_at TEXT NOT NULL,
        UNIQUE (course_id, student_id)
      );
      CREATE INDEX enrollments_student ON enrollments (student_id);

      CREATE TABLE ratings (
        id INTEGER PRIMARY KEY,
        course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
        reviews TEXT NOT NULL DEFAULT '',
        rated_at TEXT NOT NULL,
        UNIQUE (course_id, student_id)
      );

      CREATE TABLE assignments (
        id INTEGER PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        detail TEXT NOT NULL DEFAULT '',
        student_status INTEGER NOT NULL DEFAULT 0 CHECK (student_status IN (0, 1)),
        created_at TEXT NOT NULL
      );
      CREATE INDEX assignments_student ON assignments (student_id);

      CREATE TABLE messages (
        id INTEGER PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        msg_text TEXT NOT NULL,
        msg_from TEXT NOT NULL CHECK (msg_from IN ('student', 'teacher')),
        msg_time TEXT NOT NULL
      );
      CREATE INDEX messages_pair ON messages (teacher_id, student_id);

      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        user_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );

      CREATE TABLE one_time_codes (
        id INTEGER PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        user_id INTEGER NOT NULL,
        code TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX one_time_codes_user ON one_time_codes (role, user_id);

      CREATE TABLE password_resets (
        token_hash TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        user_id INTEGER NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );

      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        text TEXT NOT NULL,
        code TEXT,
        created_at TEXT NOT NULL
      );

      CREATE TABLE checkout_sessions (
        id TEXT PRIMARY KEY,
        course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        amount TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'chapter durations, viewing progress and favourite courses',
    sql: `
      -- Seconds, read from the video when it is kept; NULL when unknown.
      ALTER TABLE chapters ADD COLUMN duration_seconds REAL CHECK (duration_seconds IS NULL OR duration_seconds > 0);

      CREATE TABLE chapter_progress (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        chapter_id INTEGER NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
        position REAL NOT NULL CHECK (position >= 0),
        watched INTEGER NOT NULL DEFAULT 0 CHECK (watched IN (0, 1)),
        updated_at TEXT NOT NULL,
        UNIQUE (student_id, chapter_id)
      );
      CREATE INDEX chapter_progress_chapter ON chapter_progress (chapter_id);

      CREATE TABLE favorite_courses (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        course_id INTEGER NOT NULL REFERENCES courses (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        UNIQUE (student_id, course_id)
      );
      CREATE INDEX favorite_courses_course ON favorite_courses (course_id);
    `,
  },
  {
    version: 3,
    name: "a teacher's 'Remember me' kept with the mailed login code",
    sql: `
      ALTER TABLE one_time_codes ADD COLUMN remember INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1));
    `,
  },
  {
    version: 4,
    name: 'read marks of messages',
    sql: `
      -- When the recipient (the side that did not send it) read the message; NULL while unread.
      -- Messages sent before read marks existed count as read.
      ALTER TABLE messages ADD COLUMN read_at TEXT;
      UPDATE messages SET read_at = msg_time;
      CREATE INDEX messages_unread_student ON messages (student_id) WHERE read_at IS NULL AND msg_from = 'teacher';
      CREATE INDEX messages_unread_teacher ON messages (teacher_id) WHERE read_at IS NULL AND msg_from = 'student';
    `,
  },
  {
    version: 5,
    name: 'unique usernames',
    sql: `
      -- Usernames are unique without regard to case, as e-mail addresses have been since
      -- migration 1 (blank usernames aside). Duplicates stored before get their id appended.
      UPDATE students SET username = username || '-' || id
        WHERE username <> ''
          AND id NOT IN (SELECT MIN(id) FROM students WHERE username <> '' GROUP BY username COLLATE NOCASE);
      CREATE UNIQUE INDEX students_username ON students (username COLLATE NOCASE) WHERE username <> '';
    `,
  },
  {
    version: 6,
    name: 'chapter captions',
    sql: `
      -- The /media/chapter_captions/... URL of the chapter's WebVTT captions; NULL when it has none.
      ALTER TABLE chapters ADD COLUMN captions TEXT;
      CREATE INDEX chapters_captions ON chapters (captions);
    `,
  },
  {
    version: 7,
    name: 'where a checkout returns to',
    sql: `
      -- The origin the checkout was started from ('' when the app and the provider share it: the
      -- redirects stay root-relative); NULL for checkouts started before, which use APP_ORIGIN.
      ALTER TABLE checkout_sessions ADD COLUMN return_base TEXT;
    `,
  },
  {
    version: 8,
    name: 'message languages',
    sql: `
      -- The BCP 47 tag the sender gave a message (en, es, fr, de, yo, pcm, ak); NULL when none.
      ALTER TABLE messages ADD COLUMN lang TEXT;
    `,
  },
  {
    version: 9,
    name: 'one-time codes bound to the browser that asked for them',
    sql: `
      -- SHA-256 of the pending-code cookie given with the code; only that browser may check it.
      -- Codes issued before (NULL) cannot be checked: they expire within 10 minutes anyway.
      ALTER TABLE one_time_codes ADD COLUMN browser_hash TEXT;
    `,
  },
  {
    version: 10,
    name: 'pending e-mail changes',
    sql: `
      -- A change of a student's or teacher's e-mail address waiting for the code mailed to the new
      -- address; the account keeps its address until the code is entered. One live row per account.
      CREATE TABLE email_changes (
        id INTEGER PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        user_id INTEGER NOT NULL,
        new_email TEXT NOT NULL,
        code TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        used_at TEXT
      );
      CREATE INDEX email_changes_account ON email_changes (role, user_id, created_at);
    `,
  },
  {
    version: 11,
    name: 'changed courses, for the cached course list',
    sql: `
      -- The courses whose answer may have changed, one row per change, written by the triggers
      -- below on every write to what a course answer shows (the course, its chapters, ratings and
      -- enrolments, its category, its teacher's name or photo), whoever writes. The provider's
      -- cached course list (catalogueCache.ts) re-presents just these courses; course_id NULL
      -- would mean every course. Only the last 10,000 changes are kept: a cache further behind
      -- rebuilds everything. A course answer that comes to show more of another table needs that
      -- table's triggers here.
      CREATE TABLE catalogue_changes (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        course_id INTEGER
      );
      CREATE TRIGGER catalogue_changes_kept AFTER INSERT ON catalogue_changes
        BEGIN DELETE FROM catalogue_changes WHERE seq <= NEW.seq - 10000; END;

      CREATE TRIGGER catalogue_course_added AFTER INSERT ON courses
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (NEW.id); END;
      CREATE TRIGGER catalogue_course_changed AFTER UPDATE ON courses
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT OLD.id UNION SELECT NEW.id; END;
      CREATE TRIGGER catalogue_course_removed AFTER DELETE ON courses
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (OLD.id); END;

      CREATE TRIGGER catalogue_chapter_added AFTER INSERT ON chapters
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (NEW.course_id); END;
      CREATE TRIGGER catalogue_chapter_changed AFTER UPDATE ON chapters
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT OLD.course_id UNION SELECT NEW.course_id; END;
      CREATE TRIGGER catalogue_chapter_removed AFTER DELETE ON chapters
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (OLD.course_id); END;

      CREATE TRIGGER catalogue_rating_added AFTER INSERT ON ratings
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (NEW.course_id); END;
      CREATE TRIGGER catalogue_rating_changed AFTER UPDATE ON ratings
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT OLD.course_id UNION SELECT NEW.course_id; END;
      CREATE TRIGGER catalogue_rating_removed AFTER DELETE ON ratings
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (OLD.course_id); END;

      CREATE TRIGGER catalogue_enrolment_added AFTER INSERT ON enrollments
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (NEW.course_id); END;
      CREATE TRIGGER catalogue_enrolment_changed AFTER UPDATE ON enrollments
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT OLD.course_id UNION SELECT NEW.course_id; END;
      CREATE TRIGGER catalogue_enrolment_removed AFTER DELETE ON enrollments
        BEGIN INSERT INTO catalogue_changes (course_id) VALUES (OLD.course_id); END;

      CREATE TRIGGER catalogue_category_added AFTER INSERT ON categories
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT id FROM courses WHERE category_id = NEW.id; END;
      CREATE TRIGGER catalogue_category_changed AFTER UPDATE ON categories
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT id FROM courses WHERE category_id IN (OLD.id, NEW.id); END;
      CREATE TRIGGER catalogue_category_removed AFTER DELETE ON categories
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT id FROM courses WHERE category_id = OLD.id; END;

      -- Of a teacher, courses show the id, name and photo; other columns change often (codes,
      -- password hashes) and show nowhere in them. A deleted teacher's courses go with them.
      CREATE TRIGGER catalogue_teacher_changed AFTER UPDATE OF id, full_name, profile_img ON teachers
        WHEN OLD.id IS NOT NEW.id OR OLD.full_name IS NOT NEW.full_name OR OLD.profile_img IS NOT NEW.profile_img
        BEGIN INSERT INTO catalogue_changes (course_id) SELECT id FROM courses WHERE teacher_id IN (OLD.id, NEW.id); END;
    `,
  },
  {
    version: 12,
    name: 'newsletter subscribers and contact messages',
    sql: `
      -- The footer's newsletter sign-ups (subscribeNewsletter) and the contact form's messages
      -- (sendContactMessage), both extensions; each is also mailed through the outbox.
      CREATE TABLE newsletter_subscribers (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at TEXT NOT NULL
      );

      CREATE TABLE contact_messages (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 13,
    name: 'when chapters were watched, and certificates of finished courses',
    sql: `
      -- When the student first watched the chapter to the end (watched became 1); NULL while not
      -- watched. Rows watched before this migration take the time of their last save.
      ALTER TABLE chapter_progress ADD COLUMN watched_at TEXT;
      UPDATE chapter_progress SET watched_at = updated_at WHERE watched = 1;

      -- One certificate per student and course, issued when the student has watched every chapter
      -- (saveChapterProgress). No foreign keys: a certificate stays verifiable after its course,
      -- teacher or student is removed, so it keeps the ids and the names as they were at issue.
      -- code: 12 characters of [A-Z2-9] from a CSPRNG (certificates.ts), stored upper-case.
      CREATE TABLE certificates (
        code TEXT PRIMARY KEY CHECK (length(code) = 12 AND code = upper(code)),
        student_id INTEGER NOT NULL,
        course_id INTEGER NOT NULL,
        student_name TEXT NOT NULL,
        course_title TEXT NOT NULL,
        teacher_name TEXT NOT NULL,
        completed_at TEXT NOT NULL,
        issued_at TEXT NOT NULL,
        UNIQUE (student_id, course_id)
      );
    `,
  },
  {
    version: 14,
    name: 'answered assignments with feedback, course drafts, voice notes in messages',
    sql: `
      -- How the student answers (done: the spec's Mark as Done), when it is due, the teacher's
      -- scale for the mark; the student's answer (one, replaced until feedback exists) and the
      -- teacher's feedback. Media columns hold /media/... URLs served only to the pair
      -- (privateMedia.ts); *_seconds is null when the recording's length could not be read.
      ALTER TABLE assignments ADD COLUMN answer_kind TEXT NOT NULL DEFAULT 'done'
        CHECK (answer_kind IN ('done', 'voice', 'text', 'file'));
      ALTER TABLE assignments ADD COLUMN due_at TEXT;
      ALTER TABLE assignments ADD COLUMN mark_scale TEXT NOT NULL DEFAULT 'words'
        CHECK (mark_scale IN ('words', 'percent'));
      ALTER TABLE assignments ADD COLUMN answer_text TEXT;
      ALTER TABLE assignments ADD COLUMN answer_voice TEXT;
      ALTER TABLE assignments ADD COLUMN answer_voice_seconds REAL;
      ALTER TABLE assignments ADD COLUMN answer_file TEXT;
      ALTER TABLE assignments ADD COLUMN answer_file_name TEXT;
      ALTER TABLE assignments ADD COLUMN answered_at TEXT;
      ALTER TABLE assignments ADD COLUMN feedback_text TEXT;
      ALTER TABLE assignments ADD COLUMN feedback_voice TEXT;
      ALTER TABLE assignments ADD COLUMN feedback_voice_seconds REAL;
      ALTER TABLE assignments ADD COLUMN feedback_mark TEXT;
      ALTER TABLE assignments ADD COLUMN marked_at TEXT;
      CREATE INDEX assignments_teacher ON assignments (teacher_id);

      -- Courses made before drafts existed were published at once.
      ALTER TABLE courses ADD COLUMN status TEXT NOT NULL DEFAULT 'published'
        CHECK (status IN ('draft', 'published'));

      -- A voice note sent with a message, and its length when it could be read.
      ALTER TABLE messages ADD COLUMN voice TEXT;
      ALTER TABLE messages ADD COLUMN voice_seconds REAL;

      -- privateMedia.ts finds a private file's owners by its URL.
      CREATE INDEX assignments_answer_voice ON assignments (answer_voice) WHERE answer_voice IS NOT NULL;
      CREATE INDEX assignments_answer_file ON assignments (answer_file) WHERE answer_file IS NOT NULL;
      CREATE INDEX assignments_feedback_voice ON assignments (feedback_voice) WHERE feedback_voice IS NOT NULL;
      CREATE INDEX messages_voice ON messages (voice) WHERE voice IS NOT NULL;
    `,
  },
  {
    version: 15,
    name: 'a student-side index of messages',
    sql: `
      -- The student's inbox and unread counts look messages up by student first.
      CREATE INDEX messages_student ON messages (student_id, teacher_id);
    `,
  },
  {
    version: 16,
    name: 'chapters watched as the provider saw them, the names students held, one open checkout',
    sql: `
      -- Each progress save of a chapter the student has not watched yet, as the provider received
      -- it: the position and the real seconds since the student's previous save of the chapter
      -- (capped; 0 for the first). The provider, not the browser, decides from these that the
      -- chapter is watched (progress.ts). Rows watched before this migration stay watched.
      CREATE TABLE chapter_views (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        chapter_id INTEGER NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
        position REAL NOT NULL CHECK (position >= 0),
        elapsed_seconds REAL NOT NULL CHECK (elapsed_seconds >= 0),
        saved_at TEXT NOT NULL
      );
      CREATE INDEX chapter_views_student_chapter ON chapter_views (student_id, chapter_id, id);
      CREATE INDEX chapter_views_chapter ON chapter_views (chapter_id);

      -- Every name a student has held, from when (the triggers record each change, whoever
      -- writes it). A certificate carries the name the student held at enrolment (certificates.ts).
      -- Students from before this migration start with their current name at their creation.
      CREATE TABLE student_names (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        full_name TEXT NOT NULL,
        since TEXT NOT NULL
      );
      CREATE INDEX student_names_student ON student_names (student_id, since);
      INSERT INTO student_names (student_id, full_name, since) SELECT id, full_name, created_at FROM students;
      CREATE TRIGGER student_name_given AFTER INSERT ON students
        BEGIN INSERT INTO student_names (student_id, full_name, since) VALUES (NEW.id, NEW.full_name, NEW.created_at); END;
      CREATE TRIGGER student_name_changed AFTER UPDATE OF full_name ON students
        WHEN OLD.full_name IS NOT NEW.full_name
        BEGIN
          INSERT INTO student_names (student_id, full_name, since)
          VALUES (NEW.id, NEW.full_name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        END;

      -- One open checkout per student and course: a second Enroll Now resumes it (checkout.ts).
      -- Of open duplicates made before, the newest stays open; open checkouts of a course the
      -- student already has are cancelled (paying them would charge twice).
      UPDATE checkout_sessions SET status = 'cancelled'
        WHERE status = 'open'
          AND (rowid NOT IN (SELECT MAX(rowid) FROM checkout_sessions WHERE status = 'open' GROUP BY student_id, course_id)
            OR EXISTS (SELECT 1 FROM enrollments e
                       WHERE e.student_id = checkout_sessions.student_id AND e.course_id = checkout_sessions.course_id));
      CREATE UNIQUE INDEX checkout_sessions_one_open ON checkout_sessions (student_id, course_id) WHERE status = 'open';
    `,
  },
  {
    version: 18,
    name: 'the outbox as a queue of mails to deliver over SMTP',
    sql: `
      -- With SMTP_URL set, each mail is queued here and delivered by whichever provider instance
      -- claims it first (mailDelivery.ts): 'kept' is a mail that is only kept (development, no
      -- SMTP: what every row before this migration was), 'queued' waits for its next attempt,
      -- 'sent' was accepted by the SMTP server, 'failed' was refused for good or ran out of attempts.
      -- An instance claims a row by setting claimed_until (a lease) where it is free; the
      -- Message-ID, fixed when the mail is queued, is the same on every attempt.
      ALTER TABLE outbox ADD COLUMN state TEXT NOT NULL DEFAULT 'kept' CHECK (state IN ('kept', 'queued', 'sent', 'failed'));
      ALTER TABLE outbox ADD COLUMN message_id TEXT;
      ALTER TABLE outbox ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE outbox ADD COLUMN next_attempt_at TEXT;
      ALTER TABLE outbox ADD COLUMN claimed_until TEXT;
      ALTER TABLE outbox ADD COLUMN sent_at TEXT;
      ALTER TABLE outbox ADD COLUMN last_error TEXT;
      CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'queued';
    `,
  },
  {
    version: 19,
    name: 'payments, Stripe checkouts and the Stripe events handled',
    sql: `
      -- A checkout at Stripe (stripePayments.ts): the Checkout Session made for the open checkout
      -- row, and the page Stripe hosts for it. A second Enroll Now answers the same session.
      ALTER TABLE checkout_sessions ADD COLUMN stripe_session_id TEXT;
      ALTER TABLE checkout_sessions ADD COLUMN stripe_url TEXT;
      CREATE INDEX checkout_sessions_stripe ON checkout_sessions (stripe_session_id);

      -- Every payment that enrolled a student: through Stripe (the amount and currency Stripe
      -- charged, its session and payment intent) or the local test checkout (method 'local',
      -- nothing charged). Amounts in the currency's smallest unit (cents). One payment per
      -- Stripe session (the unique key), however often its event arrives. Payments outlive the
      -- student's account and the course (the academy's books).
      CREATE TABLE payments (
        id INTEGER PRIMARY KEY,
        student_id INTEGER REFERENCES students (id) ON DELETE SET NULL,
        course_id INTEGER REFERENCES courses (id) ON DELETE SET NULL,
        method TEXT NOT NULL CHECK (method IN ('stripe', 'local')),
        amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
        currency TEXT NOT NULL,
        checkout_id TEXT,
        stripe_session_id TEXT UNIQUE,
        stripe_payment_intent TEXT,
        paid_at TEXT NOT NULL
      );
      CREATE INDEX payments_course ON payments (course_id);

      -- Each Stripe event handled, by its id: the same event delivered twice (Stripe retries, two
      -- instances at once) is handled once, the INSERT of its id deciding.
      CREATE TABLE stripe_events (
        id TEXT PRIMARY KEY,
        type TEXT NOT NULL,
        received_at TEXT NOT NULL
      );
    `,
  },
  {
    version: 20,
    name: 'notifications, their mail settings and the jobs that send reminders and digests',
    sql: `
      -- What the provider told a person (notifications.ts): one row per event and recipient (a
      -- student or a teacher: role and person_id), what it is about (subject_key, unique per person:
      -- a second event about the same thing, such as another message in a conversation, updates the
      -- row), the ids it refers to, a short text, a path in the app, when and whether it was read,
      -- and when it was last mailed (a conversation is mailed at most once an hour while unread,
      -- and only when still unread a few minutes after the message: mail_due_at).
      CREATE TABLE notifications (
        id INTEGER PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        person_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        subject_key TEXT NOT NULL,
        assignment_id INTEGER,
        course_id INTEGER,
        other_person_id INTEGER,
        text TEXT NOT NULL,
        link TEXT NOT NULL,
        created_at TEXT NOT NULL,
        read_at TEXT,
        mailed_at TEXT,
        mail_due_at TEXT
      );
      CREATE UNIQUE INDEX notifications_subject ON notifications (role, person_id, subject_key);
      CREATE INDEX notifications_person ON notifications (role, person_id, created_at);
      -- A conversation's mail waits a few minutes (mail_due_at): read by then, none goes.
      CREATE INDEX notifications_mail_due ON notifications (mail_due_at) WHERE mail_due_at IS NOT NULL;

      -- The kinds of mail a person turned off (all are on by default): a row per kind off.
      CREATE TABLE notification_mail_off (
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher')),
        person_id INTEGER NOT NULL,
        kind TEXT NOT NULL,
        PRIMARY KEY (role, person_id, kind)
      );

      -- The reminders and digests sent, by key: the instance whose INSERT lands sends it, so
      -- several instances running the job at once send each one once.
      CREATE TABLE notification_jobs (
        job_key TEXT PRIMARY KEY,
        done_at TEXT NOT NULL
      );

      -- Secrets the provider makes for itself, shared by every instance: the key that signs
      -- unsubscribe links when UNSUBSCRIBE_SECRET is not set.
      CREATE TABLE provider_secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      -- The one-click unsubscribe address of a notification mail (List-Unsubscribe), else null.
      ALTER TABLE outbox ADD COLUMN list_unsubscribe TEXT;
    `,
  },
  {
    version: 21,
    name: 'admins, their sessions and codes; category names unique whatever their case',
    sql: `
      -- The academy's admins (issue 37): created from a shell (npm run provider:admin -- create-admin),
      -- they log in at /admin with a code mailed to them (no password).
      CREATE TABLE admins (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE COLLATE NOCASE,
        created_at TEXT NOT NULL
      );

      -- Sessions and one-time codes take a third role. SQLite changes a CHECK only by building
      -- the table again; nothing references either table.
      CREATE TABLE sessions_widened (
        token_hash TEXT PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher', 'admin')),
        user_id INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      INSERT INTO sessions_widened (token_hash, role, user_id, created_at, expires_at)
        SELECT token_hash, role, user_id, created_at, expires_at FROM sessions;
      DROP TABLE sessions;
      ALTER TABLE sessions_widened RENAME TO sessions;

      CREATE TABLE one_time_codes_widened (
        id INTEGER PRIMARY KEY,
        role TEXT NOT NULL CHECK (role IN ('student', 'teacher', 'admin')),
        user_id INTEGER NOT NULL,
        code TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        expires_at TEXT NOT NULL,
        used_at TEXT,
        remember INTEGER NOT NULL DEFAULT 0 CHECK (remember IN (0, 1)),
        browser_hash TEXT
      );
      INSERT INTO one_time_codes_widened (id, role, user_id, code, attempts, expires_at, used_at, remember, browser_hash)
        SELECT id, role, user_id, code, attempts, expires_at, used_at, remember, browser_hash FROM one_time_codes;
      DROP TABLE one_time_codes;
      ALTER TABLE one_time_codes_widened RENAME TO one_time_codes;
      CREATE INDEX one_time_codes_user ON one_time_codes (role, user_id);

      -- 'French' and 'french' are one category: the index decides between two admins adding both at once.
      CREATE UNIQUE INDEX categories_title_folded ON categories (lower(title));
    `,
  },
  {
    version: 22,
    name: 'exercises of chapters, students\' answers, review cards and their log',
    sql: `
      -- Exercises a teacher writes for a chapter (issue 38). choices and answers are JSON arrays
      -- of strings; correct_choice is the index of the right choice ('choose' only).
      CREATE TABLE exercises (
        id INTEGER PRIMARY KEY,
        chapter_id INTEGER NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('choose', 'type', 'listen', 'say')),
        prompt TEXT NOT NULL,
        hint TEXT NOT NULL DEFAULT '',
        explanation TEXT NOT NULL DEFAULT '',
        choices TEXT NOT NULL DEFAULT '[]',
        correct_choice INTEGER,
        answers TEXT NOT NULL DEFAULT '[]',
        audio TEXT,
        position INTEGER NOT NULL,
        is_published INTEGER NOT NULL DEFAULT 0 CHECK (is_published IN (0, 1)),
        created_at TEXT NOT NULL
      );
      CREATE INDEX exercises_chapter ON exercises (chapter_id, position);
      CREATE INDEX exercises_audio ON exercises (audio);

      -- Every answer a student gave; the first per student and exercise (counted = 1, decided by
      -- the unique index) is the one the score, the teacher's figures and 'Finished' use.
      CREATE TABLE exercise_attempts (
        id INTEGER PRIMARY KEY,
        exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        answer TEXT NOT NULL,
        result TEXT NOT NULL CHECK (result IN ('right', 'almost', 'wrong')),
        counted INTEGER NOT NULL CHECK (counted IN (0, 1)),
        answered_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX exercise_attempts_first ON exercise_attempts (exercise_id, student_id) WHERE counted = 1;
      CREATE INDEX exercise_attempts_student ON exercise_attempts (student_id);

      -- A student's review deck: one FSRS card (ts-fsrs Card fields) per exercise practised.
      CREATE TABLE review_cards (
        id INTEGER PRIMARY KEY,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        exercise_id INTEGER NOT NULL REFERENCES exercises (id) ON DELETE CASCADE,
        due TEXT NOT NULL,
        stability REAL NOT NULL,
        difficulty REAL NOT NULL,
        elapsed_days INTEGER NOT NULL,
        scheduled_days INTEGER NOT NULL,
        learning_steps INTEGER NOT NULL,
        reps INTEGER NOT NULL,
        lapses INTEGER NOT NULL,
        state INTEGER NOT NULL CHECK (state IN (0, 1, 2, 3)),
        last_review TEXT,
        created_at TEXT NOT NULL,
        UNIQUE (student_id, exercise_id)
      );
      CREATE INDEX review_cards_exercise ON review_cards (exercise_id);

      -- The review answers applied, once each (an answer sent again is known by its key).
      CREATE TABLE review_log (
        id INTEGER PRIMARY KEY,
        card_id INTEGER NOT NULL REFERENCES review_cards (id) ON DELETE CASCADE,
        rating INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 4),
        reviewed_at TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        UNIQUE (card_id, reviewed_at)
      );
    `,
  },
  {
    version: 23,
    name: 'a course\'s level and what you will learn; chapters as free previews',
    sql: `
      -- The course page sells (issue 39): the level a course is for (a CEFR level or 'all'; null
      -- when not set), its 'What you will learn' lines (a JSON array of at most six strings), and
      -- the chapters anyone may watch once the course is published (is_preview).
      ALTER TABLE courses ADD COLUMN level TEXT CHECK (level IN ('A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'all'));
      ALTER TABLE courses ADD COLUMN outcomes TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE chapters ADD COLUMN is_preview INTEGER NOT NULL DEFAULT 0 CHECK (is_preview IN (0, 1));
      CREATE INDEX courses_level ON courses (level);
    `,
  },
  {
    version: 24,
    name: 'chapter captions in several languages',
    sql: `
      -- A chapter's captions in languages other than English, one track per language (issue 39):
      -- lang is a canonical BCP 47 tag; the English track stays chapters.captions.
      CREATE TABLE chapter_caption_tracks (
        id INTEGER PRIMARY KEY,
        chapter_id INTEGER NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
        lang TEXT NOT NULL,
        url TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (chapter_id, lang)
      );
      CREATE INDEX chapter_caption_tracks_url ON chapter_caption_tracks (url);
    `,
  },
  {
    version: 25,
    name: 'a student\'s learning goals: the languages they learn and their level',
    sql: `
      -- The first minute (issue 39): the languages a student set out to learn (a JSON array of
      -- names, '[]' until chosen) and their level (a CEFR level, 'unsure', or null until chosen).
      ALTER TABLE students ADD COLUMN learning_languages TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE students ADD COLUMN level TEXT CHECK (level IN ('A1', 'A2', 'B1', 'B2', 'C1', 'C2', 'unsure'));
    `,
  },
  {
    version: 27,
    name: 'resumable chapter video uploads',
    sql: `
      -- A chapter video sent through the tus endpoint (resumableUploads.ts), by its tus id: who
      -- sends it, for which course (and chapter, when replacing a video), its declared size, and
      -- its state: 'receiving' (bytes in the data folder's uploads/), 'ready' (checked and kept in
      -- the media store at media_url), 'used' (claimed once by createChapter or updateChapter).
      -- An upload not used by expires_at is swept with its files.
      CREATE TABLE video_uploads (
        id TEXT PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
        course_id INTEGER NOT NULL,
        chapter_id INTEGER,
        -- Bytes, as REAL: PostgreSQL's INTEGER stops short of 2 GB (both engines keep it exactly).
        size REAL NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('receiving', 'ready', 'used')),
        media_url TEXT,
        duration_seconds REAL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
      CREATE INDEX video_uploads_expiry ON video_uploads (expires_at);
    `,
  },
  {
    version: 28,
    name: 'chapters in the teacher\'s order; the teacher\'s intro video',
    sql: `
      -- Chapters in the order the teacher puts them (issue 39): ties (chapters added by older code
      -- with the default 0) fall back to their ids, today's order, which fills the column here.
      ALTER TABLE chapters ADD COLUMN position INTEGER NOT NULL DEFAULT 0;
      UPDATE chapters SET position = (SELECT COUNT(*) FROM chapters other WHERE other.course_id = chapters.course_id AND other.id <= chapters.id);
      CREATE INDEX chapters_course_position ON chapters (course_id, position, id);
      -- The teacher's optional intro video on their public page (a public media URL).
      ALTER TABLE teachers ADD COLUMN intro_video TEXT;
    `,
  },
  {
    version: 29,
    name: 'a teacher\'s lessons: hours, days off, booking rules and lesson types',
    sql: `
      -- A teacher's one-to-one lessons (issue 40). Their hours and booking rules, one row per teacher
      -- once set (none reads as no zone, 12 and 24 hours, no hours, no days off): the weekly hours
      -- (a JSON array of {weekday, start, end}, local wall times in time_zone) and the days off (a JSON
      -- array of YYYY-MM-DD) are JSON text, as they are always read and replaced whole, never queried.
      CREATE TABLE lesson_settings (
        teacher_id INTEGER PRIMARY KEY REFERENCES teachers (id) ON DELETE CASCADE,
        time_zone TEXT,
        min_notice_hours INTEGER NOT NULL DEFAULT 12 CHECK (min_notice_hours BETWEEN 0 AND 168),
        cancellation_hours INTEGER NOT NULL DEFAULT 24 CHECK (cancellation_hours BETWEEN 0 AND 168),
        weekly_hours TEXT NOT NULL DEFAULT '[]',
        days_off TEXT NOT NULL DEFAULT '[]'
      );
      -- The kinds of lesson a teacher gives: the price in dollars as text with two decimals ('0.00'
      -- for the free trial, at most one a teacher), the languages a JSON array of names.
      CREATE TABLE lesson_types (
        id INTEGER PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
        title TEXT NOT NULL,
        minutes INTEGER NOT NULL CHECK (minutes IN (25, 50)),
        free_trial INTEGER NOT NULL DEFAULT 0 CHECK (free_trial IN (0, 1)),
        price TEXT NOT NULL,
        languages TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL
      );
      CREATE INDEX lesson_types_teacher ON lesson_types (teacher_id, id);
      CREATE UNIQUE INDEX lesson_types_one_free_trial ON lesson_types (teacher_id) WHERE free_trial = 1;
    `,
  },
  {
    version: 30,
    name: 'booked lessons, the quarter hours they take, calendar feeds, lesson checkouts and refunds',
    sql: `
      -- A lesson booked with a teacher (issue 40). The type's title, length, price and languages are
      -- copied when it is booked (the teacher may change or remove the type later), as is the
      -- cancellation window in hours. Instants are UTC ISO strings. A paid lesson is held
      -- ('awaiting_payment') until pay_until, then booked by its payment or let go. The reminders'
      -- columns are set by the one instance that sends each (an UPDATE that still finds them null).
      CREATE TABLE lessons (
        id INTEGER PRIMARY KEY,
        teacher_id INTEGER NOT NULL REFERENCES teachers (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        lesson_type_id INTEGER REFERENCES lesson_types (id) ON DELETE SET NULL,
        title TEXT NOT NULL,
        minutes INTEGER NOT NULL CHECK (minutes IN (25, 50)),
        free_trial INTEGER NOT NULL DEFAULT 0 CHECK (free_trial IN (0, 1)),
        price TEXT NOT NULL,
        languages TEXT NOT NULL DEFAULT '[]',
        starts_at TEXT NOT NULL,
        ends_at TEXT NOT NULL,
        cancellation_hours INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('awaiting_payment', 'booked', 'cancelled')),
        pay_until TEXT,
        cancelled_at TEXT,
        cancelled_by TEXT CHECK (cancelled_by IN ('student', 'teacher')),
        cancel_reason TEXT,
        refund TEXT CHECK (refund IN ('full', 'none')),
        -- Raised by every move and cancellation: the invitations' and the feed's SEQUENCE (RFC 5545).
        sequence INTEGER NOT NULL DEFAULT 0,
        reminded_day_before_at TEXT,
        reminded_hour_before_at TEXT,
        created_at TEXT NOT NULL
      );
      CREATE INDEX lessons_student ON lessons (student_id, starts_at);
      CREATE INDEX lessons_teacher ON lessons (teacher_id, starts_at);
      CREATE INDEX lessons_due ON lessons (status, starts_at);
      -- One free trial a student and teacher: taken while booked, or once cancelled by the student
      -- inside the window (no refund); the index decides between two tabs booking both at once.
      CREATE UNIQUE INDEX lessons_one_free_trial ON lessons (student_id, teacher_id)
        WHERE free_trial = 1 AND (status = 'booked' OR refund = 'none');

      -- The quarter hours (UTC, every zone's offset being a whole number of them) a held or booked
      -- lesson takes, from its start to its end rounded up: the two unique keys let one lesson of
      -- the teacher, and one of the student, have each. Booking inserts them in the booking's
      -- transaction, so of two students booking one time at once, one wins; letting a lesson go
      -- deletes them.
      CREATE TABLE lesson_quarters (
        lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
        teacher_id INTEGER NOT NULL,
        student_id INTEGER NOT NULL,
        starts_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX lesson_quarters_teacher ON lesson_quarters (teacher_id, starts_at);
      CREATE UNIQUE INDEX lesson_quarters_student ON lesson_quarters (student_id, starts_at);
      CREATE INDEX lesson_quarters_lesson ON lesson_quarters (lesson_id);

      -- The secret token of a person's lesson calendar feed, one a person (renewing replaces it). It
      -- is kept as it is, not hashed: the person's page shows the feed's address again.
      CREATE TABLE lesson_calendars (
        token TEXT PRIMARY KEY,
        student_id INTEGER UNIQUE REFERENCES students (id) ON DELETE CASCADE,
        teacher_id INTEGER UNIQUE REFERENCES teachers (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL,
        CHECK ((student_id IS NULL) <> (teacher_id IS NULL))
      );

      -- A payment may be for a lesson, and may be refunded (in full: the cancelling policy's only refund).
      ALTER TABLE payments ADD COLUMN lesson_id INTEGER REFERENCES lessons (id) ON DELETE SET NULL;
      ALTER TABLE payments ADD COLUMN refunded_at TEXT;
      ALTER TABLE payments ADD COLUMN stripe_refund_id TEXT;
      CREATE INDEX payments_lesson ON payments (lesson_id);

      -- An invitation or a cancellation sent with a mail: the iCalendar text (METHOD:REQUEST or CANCEL).
      ALTER TABLE outbox ADD COLUMN calendar TEXT;

      -- A checkout pays for a course or for a lesson. SQLite changes NOT NULL and adds a CHECK only by
      -- building the table again; nothing references it (payments keep the checkout's id as text).
      CREATE TABLE checkout_sessions_widened (
        id TEXT PRIMARY KEY,
        course_id INTEGER REFERENCES courses (id) ON DELETE CASCADE,
        lesson_id INTEGER REFERENCES lessons (id) ON DELETE CASCADE,
        student_id INTEGER NOT NULL REFERENCES students (id) ON DELETE CASCADE,
        amount TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('open', 'paid', 'cancelled')),
        created_at TEXT NOT NULL,
        return_base TEXT,
        stripe_session_id TEXT,
        stripe_url TEXT,
        CHECK ((course_id IS NULL) <> (lesson_id IS NULL))
      );
      INSERT INTO checkout_sessions_widened (id, course_id, student_id, amount, status, created_at, return_base, stripe_session_id, stripe_url)
        SELECT id, course_id, student_id, amount, status, created_at, return_base, stripe_session_id, stripe_url FROM checkout_sessions;
      DROP TABLE checkout_sessions;
      ALTER TABLE checkout_sessions_widened RENAME TO checkout_sessions;
      CREATE UNIQUE INDEX checkout_sessions_one_open ON checkout_sessions (student_id, course_id) WHERE status = 'open';
      CREATE INDEX checkout_sessions_stripe ON checkout_sessions (stripe_session_id);
      CREATE UNIQUE INDEX checkout_sessions_lesson_open ON checkout_sessions (lesson_id) WHERE status = 'open';
    `,
  },
  {
    version: 31,
    name: 'the chat of a lesson room',
    sql: `
      -- A lesson's chat (issue 40), kept with the lesson; written only while its room is open.
      CREATE TABLE lesson_messages (
        id INTEGER PRIMARY KEY,
        lesson_id INTEGER NOT NULL REFERENCES lessons (id) ON DELETE CASCADE,
        author TEXT NOT NULL CHECK (author IN ('student', 'teacher')),
        text TEXT NOT NULL,
        sent_at TEXT NOT NULL
      );
      CREATE INDEX lesson_messages_lesson ON lesson_messages (lesson_id, id);
    `,
  },
  {
    version: 32,
    name: 'a lesson\'s note and rating',
    sql: `
      -- After a lesson (issue 40): the teacher's note (what was covered, and the homework: one of the
      -- teacher's assignments for the student), and the student's rating of it.
      ALTER TABLE lessons ADD COLUMN note TEXT;
      ALTER TABLE lessons ADD COLUMN homework_assignment_id INTEGER REFERENCES assignments (id) ON DELETE SET NULL;
      ALTER TABLE lessons ADD COLUMN rating INTEGER CHECK (rating BETWEEN 1 AND 5);
      ALTER TABLE lessons ADD COLUMN rating_comment TEXT;
      ALTER TABLE lessons ADD COLUMN rated_at TEXT;
      CREATE INDEX lessons_rated ON lessons (teacher_id, rated_at);
    `,
  },
];
