import { runningPostgres } from './globalSetupPostgres';
import { removeSeededTemplate } from './seededTemplate';

export default async function globalTeardownPostgres(): Promise<void> {
  removeSeededTemplate(true);
  await runningPostgres.providerTestPostgres?.stop();
}
