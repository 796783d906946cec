/**
 * Polls `read` until it answers something other than undefined, for tests of real processes (whose time is
 * their own, not the app's clock): every wait bounded, and named in the error when it runs out.
 */
export async function until<T>(
  what: string,
  read: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 15_000,
  pollMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
