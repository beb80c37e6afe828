/** Runs `task` once the browser is idle after the first screen (at the latest after a moment). */
export function whenIdle(task: () => void): () => void {
  if (window.requestIdleCallback) {
    const id = window.requestIdleCallback(task, { timeout: 1500 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 1000);
  return () => window.clearTimeout(id);
}
