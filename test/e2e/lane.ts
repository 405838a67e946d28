/**
 * Runs one lane's journey files in one process, one after the other (test/e2e/run.ts starts it
 * with the files as arguments and node:test's reporters): each file's `describe` is registered as
 * it is imported and node:test runs the top-level suites in order, so the lane pays Node's start,
 * tsx's loading of the shared helpers and playwright-core's import once instead of once a file
 * (`node --test` gives every file a process of its own; Node 20 cannot run them in one).
 * The reporters still see each journey under its own file.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

async function importJourneys(files: string[]): Promise<void> {
  for (const file of files) {
    try {
      await import(pathToFileURL(path.resolve(file)).href);
    } catch (error) {
      // A file that cannot load fails the lane and does not stop the files after it.
      console.error(`e2e: ${file} could not be loaded: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exitCode = 1;
    }
  }
}

void importJourneys(process.argv.slice(2));
