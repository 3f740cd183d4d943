/**
 * Reads `read` until `done` holds for what it answers, or until `timeoutMs` has passed, and answers the
 * last read: the test then asserts on it, so a value that never came fails with what was there.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}
