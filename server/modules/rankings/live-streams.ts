import type { LiveStreamLimits } from '../../config.js';
import { errors } from '../../http/errors.js';

/** A client past its own cap has opened many tabs or is a script: it may try again after this. */
const ADDRESS_FULL_RETRY_AFTER_SECONDS = 30;
/** The process is full: a retry soon may land once other pages have closed, or on another server. */
const PROCESS_FULL_RETRY_AFTER_SECONDS = 10;

/** One open stream's place in the count; released exactly once, whichever way the stream ends. */
export interface StreamLease {
  /** How to end the stream from outside (the server is closing). */
  endWith(end: () => void): void;
  release(): void;
}

/**
 * Counts the open live-ranking streams, in all and per client address, and refuses new ones beyond the
 * caps: each stream holds a socket and a buffer for as long as its page is open, so without a cap one
 * client could hold every file descriptor of the process.
 */
export class LiveStreams {
  private readonly perAddress = new Map<string, number>();
  private readonly open = new Set<StreamLease>();
  private readonly enders = new Map<StreamLease, () => void>();

  constructor(readonly limits: LiveStreamLimits) {}

  get size(): number {
    return this.open.size;
  }

  /** Takes a place for a stream from `address`, or throws the refusal (503 when full, 429 past the address's cap). */
  lease(address: string): StreamLease {
    if (this.open.size >= this.limits.perProcess)
      throw errors.serviceUnavailable(PROCESS_FULL_RETRY_AFTER_SECONDS);
    const fromAddress = this.perAddress.get(address) ?? 0;
    if (fromAddress >= this.limits.perAddress) throw errors.rateLimited(ADDRESS_FULL_RETRY_AFTER_SECONDS);
    this.perAddress.set(address, fromAddress + 1);
    let released = false;
    const lease: StreamLease = {
      endWith: (end) => this.enders.set(lease, end),
      release: () => {
        if (released) return;
        released = true;
        this.open.delete(lease);
        this.enders.delete(lease);
        const left = (this.perAddress.get(address) ?? 1) - 1;
        if (left > 0) this.perAddress.set(address, left);
        else this.perAddress.delete(address);
      },
    };
    this.open.add(lease);
    return lease;
  }

  /** Ends every open stream (the server is closing); browsers reconnect to another server. */
  endAll(): void {
    for (const end of [...this.enders.values()]) end();
  }
}
