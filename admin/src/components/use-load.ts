import { useCallback, useEffect, useState } from 'preact/hooks';

export type Loaded<T> = { status: 'loading'; data?: T } | { status: 'failed'; error: unknown; data?: T } | { status: 'ready'; data: T };

/**
 * Loads whenever a key changes; answers to an older key are dropped, so a fast typist never
 * sees the results of an earlier search replace those of the last one.
 */
export function useLoad<T>(load: () => Promise<T>, key: unknown[]): [Loaded<T>, () => void, (data: T) => void] {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: 'loading', data: previous.data }));
    load().then(
      (data) => current && setState({ status: 'ready', data }),
      (error: unknown) => current && setState((previous) => ({ status: 'failed', error, data: previous.data })),
    );
    return () => {
      current = false;
    };
  }, [...key, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((data: T) => setState({ status: 'ready', data }), []);
  return [state, reload, replace];
}
