import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent.
 *
 * V8 otherwise picks a factor of up to 4 from how fast it collects. Under load the service keeps
 * little (about 40 MB), but each request's objects live through its group's fdatasync, long enough to
 * be promoted out of the young generation; with the default factor that garbage piled up to about
 * 100 MB before a full collection, and the resident size to about 350 MB. With 30 %, full collections
 * come sooner and stay cheap (the live set is small): in `npm run bench` (its RSS column) the send
 * row's peak fell from about 270 to 199 MB, for about 1.5 points more of the main thread's time in
 * garbage collection.
 */
export const HEAP_GROWING_PERCENT = 30;

const FLAG = /--heap[-_]growing[-_]percent/;

/**
 * Sets the factor for this process, unless the operator chose their own with the node flag
 * (`node --heap-growing-percent=N bin/paytag serve`; 0 gives V8's own choice back; node does not take
 * it from NODE_OPTIONS). V8 reads it at every collection, so setting it at start takes effect.
 * Returns whether it was set.
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((a) => FLAG.test(a))) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
