/**
 * The shell (scripts/shellDocument.ts): what it preloads for each route, and the reads it starts
 * for a logged-in student, run here in jsdom (which runs inline scripts; fetch is a spy).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bareShell, pageDocument } from '../../../scripts/pageDocument';
import { routeChunkGroups, SHELL_SCRIPT, shellConfig, shellDocument, shellScriptHash, type ShellConfig } from '../../../scripts/shellDocument';
import { isValidElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import { earlyReadsByRoute } from '@/app/earlyReadRoutes';
import { dataPages } from '@/app/prerenderedPages';
import { routes } from '@/app/routes';
import { EARLY_READS_GLOBAL } from '@/config/env';
import { patterns } from '@/config/paths';
import { RequireStudent, RequireTeacher } from '@/features/session/guards';

const chunkGroups = {
  main: ['js/runtime.1.js', 'js/666.2.js', 'js/main.3.js'],
  'course-page': ['js/762.4.chunk.js', 'js/2380.5.chunk.js'],
  'teacher-page': ['js/762.4.chunk.js', 'js/393.14.chunk.js'],
  'course-lists': ['js/762.4.chunk.js', 'js/9252.15.chunk.js'],
  home: ['js/home.21.chunk.js'],
  teachers: ['js/5446.16.chunk.js'],
  checkout: ['js/251.17.chunk.js'],
  'student-access': ['js/2543.18.chunk.js'],
  'teacher-access': ['js/1566.19.chunk.js'],
  'not-found': ['js/9757.20.chunk.js'],
  student: ['js/762.4.chunk.js', 'js/student.6.chunk.js'],
  'early-reads': ['js/early-reads.7.chunk.js'],
  assignment: ['js/assignment.8.chunk.js'],
  messages: ['js/messages.9.chunk.js'],
  learn: ['js/learn.10.chunk.js'],
  teacher: ['js/teacher.11.chunk.js'],
  practice: ['js/practice.12.chunk.js'],
  lessons: ['js/lessons.13.chunk.js'],
};
const initialScripts = new Set(chunkGroups.main);
const config = shellConfig(chunkGroups, initialScripts, '/api');

/** The files a route's group preloads, by name. */
const preloadsOf = (group: string) => (config.groups[group] ?? []).map((index) => config.files[index]);

describe('the shell document', () => {
  it("preloads each route's own chunks, and for the screens with early reads the code that takes them over", () => {
    const groupOf = (path: string) => config.routes.find(([pattern]) => pattern === path)?.[1] ?? config.fallback;
    expect(preloadsOf(groupOf(patterns.courseDetail))).toEqual(['/js/762.4.chunk.js', '/js/2380.5.chunk.js']);
    expect(preloadsOf(groupOf(patterns.studentLogin))).toEqual(['/js/2543.18.chunk.js']);
    expect(preloadsOf(groupOf('/no-such-page'))).toEqual(['/js/9757.20.chunk.js']);
    const dashboard = config.routes.find(([pattern]) => pattern === patterns.studentDashboard);
    expect(dashboard?.[2]).toContain('student/dashboard/{studentId}');
    expect(preloadsOf(dashboard?.[1] ?? '')).toEqual(['/js/762.4.chunk.js', '/js/student.6.chunk.js', '/js/early-reads.7.chunk.js']);
    expect(config.files).toHaveLength(new Set(config.files).size);
    expect(config.files.some((file) => initialScripts.has(file.slice(1)))).toBe(false);
  });

  it('refuses a build without a chunk group it names', () => {
    const { teacher: _missing, ...withoutTeacher } = chunkGroups;
    expect(() => shellConfig(withoutTeacher, initialScripts, '/api')).toThrow('webpack made no chunk group "teacher"');
  });

  it("gives every route of the student and teacher areas its area's chunks", () => {
    const areaPatterns: string[] = [];
    const collect = (list: readonly RouteObject[], inArea: boolean) => {
      for (const route of list) {
        const guard = isValidElement(route.element) ? route.element.type : null;
        const guarded = inArea || guard === RequireStudent || guard === RequireTeacher;
        if (guarded && route.path !== undefined) areaPatterns.push(route.path);
        collect(route.children ?? [], guarded);
      }
    };
    collect(routes, false);
    expect(areaPatterns).toEqual(expect.arrayContaining([patterns.teacherLessons, patterns.studentLessons, patterns.teacherMyLessons]));
    expect(areaPatterns.filter((pattern) => !(pattern in routeChunkGroups))).toEqual([]);
  });

  it('gives every data page its chunks: the server sends the shell for one it could not render', () => {
    expect(dataPages.filter((pattern) => !(pattern in routeChunkGroups))).toEqual([]);
  });

  it('names only routes of the app', () => {
    const appPatterns = Object.values(patterns);
    for (const pattern of [...Object.keys(routeChunkGroups), ...Object.keys(earlyReadsByRoute)]) expect(appPatterns).toContain(pattern);
  });

  it('puts its script before the entry scripts, and a rendered page leaves it out', () => {
    const shell = '<!doctype html><html><head><title>Academy</title><script defer src=/js/runtime.1.js></script><script defer src=/js/main.3.js></script></head><body><div id=root></div></body></html>';
    const document = shellDocument(shell, config);
    expect(document.indexOf('data-shell')).toBeLessThan(document.indexOf('/js/runtime.1.js'));
    expect(document).toContain(SHELL_SCRIPT);
    expect(bareShell(document)).toBe(shell);
    expect(pageDocument(document, { html: '<main></main>', title: null, styleTags: '' })).not.toContain('data-shell');
  });

  it('is allowed by the Content-Security-Policy docs/deployment.md gives for nginx', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../docs/deployment.md'), 'utf8');
    const policy = /add_header Content-Security-Policy "([^"]+)"/.exec(readme)?.[1] ?? '';
    expect(policy).toMatch(new RegExp(`script-src [^;]*'${shellScriptHash().replace(/[+/]/g, '\\$&')}'`));
  });
});

describe('the shell script in the browser', () => {
  const fetchSpy = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}')));
  const originalFetch = globalThis.fetch;

  beforeEach(() => {
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    fetchSpy.mockClear();
  });
  afterEach(() => {
    globalThis.fetch = originalFetch;
    delete (window as unknown as Record<string, unknown>)[EARLY_READS_GLOBAL];
     
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    window.history.replaceState(null, '', '/');
  });

  function runShell(pathname: string, shellSettings: ShellConfig = config) {
    window.history.replaceState(null, '', pathname);
    const element = document.createElement('script');
    element.setAttribute('data-shell', JSON.stringify(shellSettings));
    element.textContent = SHELL_SCRIPT;
    document.head.appendChild(element);
    element.remove();
  }
   
  const preloaded = () => [...document.head.querySelectorAll('link[rel="preload"][as="script"]')].map((link) => link.getAttribute('href'));
  const started = () => (window as unknown as Record<string, Record<string, { at: number; response: Promise<Response> }> | undefined>)[EARLY_READS_GLOBAL];

  it('starts a logged-in student’s dashboard reads with the session cookie, and preloads the student area', () => {
    localStorage.setItem('studentLoginStatus', 'true');
    localStorage.setItem('studentId', '7');
    runShell('/student-dashboard/');
    const urls = earlyReadsByRoute[patterns.studentDashboard]?.map((read) => `http://localhost/api/${read.path.replace('{studentId}', '7')}`);
    expect(fetchSpy.mock.calls.map(([url]) => url)).toEqual(urls);
    expect(fetchSpy.mock.calls.every(([, init]) => init?.credentials === 'same-origin')).toBe(true);
    expect(Object.keys(started() ?? {})).toEqual(urls);
    expect(preloaded()).toEqual(['/js/762.4.chunk.js', '/js/student.6.chunk.js', '/js/early-reads.7.chunk.js']);
  });

  it('starts nothing for a visitor, or for a stored id that is not a number', () => {
    runShell('/my-courses');
    localStorage.setItem('studentLoginStatus', 'true');
    localStorage.setItem('studentId', '7/../../teacher/1');
    runShell('/my-courses');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(started()).toBeUndefined();
  });

  it('preloads a data page’s screen by its pattern, the not-found screen for a route it does not know, and a teacher’s area', () => {
    localStorage.setItem('studentLoginStatus', 'true');
    localStorage.setItem('studentId', '7');
    const preloadedAt = (path: string) => {
      for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
      runShell(path);
      return preloaded();
    };
    expect(preloadedAt('/detail/12')).toEqual(['/js/762.4.chunk.js', '/js/2380.5.chunk.js']);
    expect(preloadedAt('/no/such/page')).toEqual(['/js/9757.20.chunk.js']);
    expect(preloadedAt('/edit-course/3')).toEqual(['/js/teacher.11.chunk.js']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('leaves a failed read for the app to see, without an unhandled rejection', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    localStorage.setItem('studentLoginStatus', 'true');
    localStorage.setItem('studentId', '7');
    runShell('/my-courses');
    const [first] = Object.values(started() ?? {});
    await expect(first?.response).rejects.toThrow('Failed to fetch');
    await new Promise((resolve) => setTimeout(resolve, 0));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
