import { everyPublicScreen } from '../everyPublicScreen';

everyPublicScreen('every-screen-desktop', { name: 'desktop', width: 1280, height: 900 });
