import { makeSeededTemplate } from './seededTemplate';

export default async function globalSetup(): Promise<void> {
  await makeSeededTemplate();
}
