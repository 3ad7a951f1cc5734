type Hook<A, R> = (args: A) => R | void | Promise<R | void>;
type OneOrMany<T> = T | T[] | undefined;

/** Hooks are a function or a list, run in order. */
export function hookList<T>(hooks: OneOrMany<T>): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/**
 * Passes `args[key]` through each hook: a hook may return a replacement or change it in place.
 */
export async function transformThrough<A extends object, K extends keyof A>(hooks: OneOrMany<Hook<A, A[K]>>, args: A, key: K): Promise<A[K]> {
  let current = args[key];
  for (const hook of hookList(hooks)) {
    const result = await hook({ ...args, [key]: current });
    if (result !== undefined && result !== null) current = result;
  }
  return current;
}

export async function runHooks<A>(hooks: OneOrMany<Hook<A, unknown>>, args: A): Promise<void> {
  for (const hook of hookList(hooks)) await hook(args);
}
