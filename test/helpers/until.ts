/** Checks `condition` every `everyMs` until it holds or `withinMs` have passed; whether it held. */
export async function until(condition: () => boolean | Promise<boolean>, withinMs: number, everyMs = 20): Promise<boolean> {
  const started = Date.now();
  for (;;) {
    if (await condition()) return true;
    if (Date.now() - started > withinMs) return false;
    await new Promise((done) => setTimeout(done, everyMs));
  }
}
