import { describe } from 'node:test';
import { useEveryPublicScreenJourney } from '../everyPublicScreen';

describe('every public screen, on a phone', () => {
  useEveryPublicScreenJourney('every-screen-phone', { name: 'phone', width: 360, height: 780 });
});
