import { describe } from 'node:test';
import { useEveryPublicScreenJourney } from '../everyPublicScreen';

describe('every public screen, on a desktop', () => {
  useEveryPublicScreenJourney('every-screen-desktop', { name: 'desktop', width: 1280, height: 900 });
});
