import {
  ExponentialBackoff,
  halfJitterGenerator,
  type IBackoff,
  type IBackoffFactory,
  type IRetryBackoffContext,
} from "cockatiel";
import { ChatError } from "./chat-error";

export interface BackoffPolicy {
  backoffBaseMs: number;
  backoffMaxMs: number;
}

type RetryContext = IRetryBackoffContext<unknown>;

/**
 * cockatiel's exponential backoff with half ("equal") jitter, so synchronized retries from
 * several sessions spread out, lengthened to a server's Retry-After when that is longer.
 * cockatiel's backoffs know nothing of HTTP, hence this thin layer over the failure it is given.
 */
export function retryAfterBackoff(policy: BackoffPolicy): IBackoffFactory<RetryContext> {
  const exponential = new ExponentialBackoff({
    generator: halfJitterGenerator,
    initialDelay: policy.backoffBaseMs,
    maxDelay: policy.backoffMaxMs,
  });
  const honour = (step: IBackoff<unknown>, context: RetryContext): IBackoff<RetryContext> => ({
    duration: Math.max(step.duration, retryAfterMs(context) ?? 0),
    next: (following) => honour(step.next(following), following),
  });
  return { next: (context) => honour(exponential.next(), context) };
}

export function retryAfterMs(context: Pick<RetryContext, "result">): number | undefined {
  const failure = "error" in context.result ? context.result.error : undefined;
  return failure instanceof ChatError ? failure.retryAfterMs : undefined;
}
