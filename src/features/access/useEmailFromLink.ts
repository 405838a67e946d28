import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router-dom';

/** The router state of a link that carries an e-mail address to a login or forgot-password page. */
export interface EmailLinkState {
  email: string;
}

/** The e-mail address a link carried here (`<Link state={{ email }}>`), or null. */
function linkedEmail(state: unknown): string | null {
  const email = typeof state === 'object' && state !== null ? (state as Partial<EmailLinkState>).email : undefined;
  return typeof email === 'string' && email.trim() !== '' ? email : null;
}

/**
 * Hands `apply` the e-mail address the link to this page carried in its router state (the
 * registration's 'Log in' for a known address), once, after the first render: a prerendered page
 * hydrates with the empty field it was rendered with. The address stays out of the URL.
 */
export function useEmailFromLink(apply: (email: string) => void): void {
  const { state } = useLocation();
  const email = linkedEmail(state);
  const applyEmail = useEffectEvent(apply);
  useEffect(() => {
    if (email !== null) applyEmail(email);
  }, [email]);
}
