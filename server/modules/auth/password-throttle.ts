import type { PasswordThrottleLimits } from '../../config.js';
import { errors } from '../../http/errors.js';
import type { Counters } from '../../http/rate-limit/counters.js';
import { verifyPassword } from './passwords.js';

/** Whose password is being checked, and from where. */
export interface PasswordCheck {
  /** The account (`user:<id>`), or the e-mail tried when no account has it, so that both are throttled alike. */
  account: string;
  address: string;
  storedHash: string | undefined;
  password: string;
}

/**
 * The one door to a password check. Each check costs an argon2 run (19 MiB, tens of milliseconds) and
 * answers whether a guess was right, so: every check counts against the client address, and every wrong
 * one against the account. Past either limit the answer is 429 with Retry-After, before any hashing. Counting
 * failures only (not checks) per account means a stranger cannot lock the owner out with a few attempts
 * more than the owner would have made anyway; the per-address cap stops one client spraying many accounts.
 */
export class PasswordThrottle {
  constructor(
    private readonly counters: Counters,
    private readonly limits: PasswordThrottleLimits,
  ) {}

  async verify({ account, address, storedHash, password }: PasswordCheck): Promise<boolean> {
    const failuresKey = `password-failures:${account}`;
    const [checks, failures] = await Promise.all([
      this.counters.hit(`password-checks:${address}`, this.limits.windowMs),
      this.counters.peek(failuresKey, this.limits.windowMs),
    ]);
    if (checks.count > this.limits.checksPerAddress) throw errors.rateLimited(seconds(checks.msLeft));
    if (failures.count >= this.limits.failuresPerAccount) throw errors.rateLimited(seconds(failures.msLeft));
    const valid = await verifyPassword(storedHash, password);
    if (!valid) await this.counters.hit(failuresKey, this.limits.windowMs);
    return valid;
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
