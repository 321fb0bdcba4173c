// One AbortSignal for "this operation's time is up, or the caller gave up". Unlike combining
// AbortSignal.timeout() with AbortSignal.any(), dispose() releases the timer and the parent
// listener as soon as the operation ends, so thousands of requests a second hold nothing.

export interface Deadline {
  readonly signal: AbortSignal;
  /** True when the time ran out (as opposed to the parent signal aborting). */
  timedOut(): boolean;
  /** Ends the operation early (not counted as a timeout). */
  abort(): void;
  /** Call when the operation is over, whichever way. */
  dispose(): void;
}

export function deadline(timeoutMs: number | undefined, parent?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          expired = true;
          controller.abort();
        }, timeoutMs);
  const onParentAbort = () => controller.abort();
  if (parent?.aborted) controller.abort();
  else parent?.addEventListener('abort', onParentAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    abort: () => controller.abort(),
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      parent?.removeEventListener('abort', onParentAbort);
    },
  };
}
