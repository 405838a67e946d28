import { useState } from 'react';
import { rememberedTimeZone, rememberTimeZone } from './lessonTime';

/**
 * The viewer's zone for lesson times: the one they chose last (localStorage), else the browser's.
 * Read in the browser only: the screens about lessons render there, never on the server.
 */
export function useViewerTimeZone(): [string, (zone: string) => void] {
  const [zone, setZone] = useState(rememberedTimeZone);
  return [
    zone,
    (chosen: string) => {
      setZone(chosen);
      rememberTimeZone(chosen);
    },
  ];
}
