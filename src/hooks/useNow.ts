import { useEffect, useState } from 'react';

/** The current time, renewed every `intervalMs` (default a minute), so relative labels ('yesterday') move on. */
export function useNow(intervalMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
