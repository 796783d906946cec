/** Ends the current task, so that the browser may paint or answer a tap before the next step runs. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Resolves once the browser has painted a frame: the frame's animation callbacks run just before its
 * paint, and a task queued from them runs after it. A page that is not shown paints nothing, so it
 * starts at once (its timers are slowed, not stopped), and so does one hidden before its first frame.
 */
export const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    if (document.visibilityState !== 'visible') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
  });
