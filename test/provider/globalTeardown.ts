import { removeSeededTemplate } from './seededTemplate';

export default function globalTeardown(): void {
  removeSeededTemplate();
}
