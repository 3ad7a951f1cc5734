import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useMemo, useState } from 'preact/hooks';
import { RentalApiError, api, call, onSessionEnded } from './api/client.js';

export interface SessionUser {
  id: string;
  email: string;
  rentNameSystem: string;
  roles: string[];
}

export type SessionState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'signed-out' }
  /** `ended`: the session ended while its screens were open; they stay, behind a sign-in dialog (SessionEnded). */
  | { status: 'signed-in'; user: SessionUser; exp: number; ended?: boolean };

interface Session {
  state: SessionState;
  isAdmin: boolean;
  /** Signs in (the session kept in the dashboard's HttpOnly cookie) and learns who that is. */
  signIn(email: string, password: string): Promise<SessionUser>;
  /** After a password reset, which signed in anew. */
  adopt(): Promise<void>;
  signOut(): Promise<void>;
  reload(): void;
}

const SessionContext = createContext<Session | null>(null);

/** Who the cookie belongs to, roles included (`?roles=true`), or null. */
async function whoIsSignedIn(): Promise<{ user: SessionUser; exp: number } | null> {
  const me = await call(() => api.GET('/api/rents/me', { params: { query: { roles: true } } }));
  if (!me.user) return null;
  return { user: { ...me.user, roles: me.user.roles ?? [] }, exp: me.exp ?? 0 };
}

/** Renew the token this long before it expires (the service's lifetime is 2 hours by default). */
const RENEW_BEFORE_S = 5 * 60;

export function SessionProvider({ children }: { children: ComponentChildren }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  const learn = useCallback(async () => {
    const who = await whoIsSignedIn();
    setState(who ? { status: 'signed-in', ...who } : { status: 'signed-out' });
    return who;
  }, []);

  useEffect(() => {
    learn().catch((error: unknown) => setState({ status: 'failed', error }));
  }, [learn, attempt]);

  // The screens stay (and what they hold unsaved), behind the dialog that signs in again.
  const ended = useCallback(() => setState((current) => (current.status === 'signed-in' ? { ...current, ended: true } : current)), []);
  useEffect(() => onSessionEnded(ended), [ended]);

  // Keep the session alive while the dashboard is open: refresh renews the cookie too.
  const exp = state.status === 'signed-in' ? state.exp : 0;
  useEffect(() => {
    if (!exp) return;
    const delay = Math.max(10_000, (exp - RENEW_BEFORE_S) * 1000 - Date.now());
    const timer = setTimeout(() => {
      call(() => api.POST('/api/rents/refresh'))
        .then((answer) => setState((current) => (current.status === 'signed-in' ? { ...current, exp: answer.exp } : current)))
        .catch(ended);
    }, Math.min(delay, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [exp, ended]);

  const value = useMemo<Session>(
    () => ({
      state,
      isAdmin: state.status === 'signed-in' && state.user.roles.includes('admin'),
      async signIn(email, password) {
        await call(() => api.POST('/api/rents/login', { params: { query: { cookie: true } }, body: { email, password } }));
        const who = await learn();
        if (!who) throw new RentalApiError(0, [{ message: 'cookie-refused' }]);
        return who.user;
      },
      async adopt() {
        await learn();
      },
      async signOut() {
        try {
          await call(() => api.POST('/api/rents/logout'));
        } catch (error) {
          // An ended session is signed out already.
          if (!(error instanceof RentalApiError && error.status === 401)) throw error;
        }
        setState({ status: 'signed-out' });
      },
      reload: () => {
        setState({ status: 'loading' });
        setAttempt((n) => n + 1);
      },
    }),
    [state, learn],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in user; screens behind the sign-in gate only. */
export function useUser(): SessionUser {
  const { state } = useSession();
  if (state.status !== 'signed-in') throw new Error('no signed-in user');
  return state.user;
}
