/**
 * One AbortSignal per backend call that fires on whichever comes first: the caller's
 * signal or our own deadline. Remembering which one fired lets errors say "timeout"
 * versus "aborted by caller" truthfully. The timer is cleared on dispose so a finished
 * call never keeps the event loop alive.
 */
export interface CallDeadline {
  readonly signal: AbortSignal;
  timedOut(): boolean;
  callerAborted(): boolean;
  dispose(): void;
}

export function startDeadline(timeoutMs: number, callerSignal?: AbortSignal): CallDeadline {
  const controller = new AbortController();
  let timedOut = false;
  let callerAborted = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`deadline of ${timeoutMs} ms passed`, "TimeoutError"));
  }, timeoutMs);
  const onCallerAbort = (): void => {
    callerAborted = true;
    controller.abort(callerSignal?.reason);
  };
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    callerAborted: () => callerAborted,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}
