/** Waits for what a background worker does (the provisioning worker polls every second). */
export async function eventually<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 40_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
