import { useCallback, useEffect, useRef, useState } from 'preact/hooks';

export type Loaded<T> = { status: 'loading'; data?: T } | { status: 'failed'; error: unknown; data?: T } | { status: 'ready'; data: T };

/**
 * Loads whenever a key changes; answers to an older key are dropped, so a fast typist never
 * sees the results of an earlier search replace those of the last one. `reload` shows the
 * loading state again; `refresh` loads quietly in the background (a live update) and keeps
 * what is shown until the answer comes.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown[]): [Loaded<T>, () => void, (data: T) => void, () => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  /** Which load is the newest: only its answer is shown. */
  const ticket = useRef(0);
  useEffect(() => {
    const mine = ++ticket.current;
    setState((previous) => ({ status: 'loading', data: previous.data }));
    load().then(
      (data) => mine === ticket.current && setState({ status: 'ready', data }),
      (error: unknown) => mine === ticket.current && setState((previous) => ({ status: 'failed', error, data: previous.data })),
    );
    return () => {
      if (mine === ticket.current) ticket.current++;
    };
  }, [...key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => {
    ticket.current++;
    setState({ status: 'ready', data });
  }, []);
  const refresh = useCallback(() => {
    const mine = ++ticket.current;
    latest.current().then(
      (data) => mine === ticket.current && setState({ status: 'ready', data }),
      (error: unknown) => mine === ticket.current && setState((previous) => ({ status: 'failed', error, data: previous.data })),
    );
  }, []);
  return [state, reload, replace, refresh];
}
