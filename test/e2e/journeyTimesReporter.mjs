/**
 * A `node --test` reporter that writes one JSON line per journey file when its top-level test
 * ends: `{"journey": "learn", "seconds": 14.4, "passed": true}`. run.ts reads them to keep
 * journeyTimes.json current (E2E_RECORD_TIMES=1), which is how it deals the journeys into lanes of
 * equal time, and to know which journeys of a failed lane failed.
 */
import path from 'node:path';

export default async function* journeyTimes(source) {
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const journey = path.basename(event.data.file, '.e2e.ts');
      const seconds = Math.round(event.data.details.duration_ms / 100) / 10;
      yield `${JSON.stringify({ journey, seconds, passed: event.type === 'test:pass' })}\n`;
    }
  }
}
