import { everyPublicScreen } from '../everyPublicScreen';

everyPublicScreen('every-screen-phone', { name: 'phone', width: 360, height: 780 });
