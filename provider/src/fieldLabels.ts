/**
 * How the provider's messages name each request field: as the app's forms label it, in the words
 * of a sentence ("The course image must be…"), never its name in api-spec.yaml (`featured_img`).
 * The table is the app's (src/api/fieldWords.ts), so a screen and a provider message say the same;
 * a field without words is named by none (`fieldWords` answers null and the message says "a value").
 */
import { fieldWords as fieldLabels } from '../../src/api/fieldWords';

export { fieldLabels };

/** The words for a field in a sentence, or null for a field without them. */
export function fieldWords(name: string): string | null {
  return Object.hasOwn(fieldLabels, name) ? (fieldLabels[name] as string) : null;
}
