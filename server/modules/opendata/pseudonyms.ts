import { createHmac, randomBytes } from 'node:crypto';
import type { Executor } from '../../db/executor.js';
import { AppSecretsRepository } from '../auth/app-secrets-repository.js';

/** The name of the pseudonyms' key in `app_secrets`. */
const KEY_NAME = 'ballot_pseudonym_key';

/**
 * Hexadecimal digits kept of the HMAC: 80 bits, so two voters of one topic never share one in practice. Hex, not
 * base64url, whose `-` at the start would make a spreadsheet read a formula (and the CSV prefix it).
 */
const PSEUDONYM_LENGTH = 20;

/**
 * A ballot's pseudonym in the ballots export: HMAC-SHA256 of `userId:topicId` under a key that never leaves the
 * server, in hexadecimal, cut to 20 digits. The same voter keeps one pseudonym per topic from export to export,
 * and gets unrelated ones on two topics: without the key nobody can link two of their ballots, nor find a
 * person's ballot by computing the pseudonym from their id (ids are small numbers: a plain hash would be
 * reversed by trying them all).
 */
export class BallotPseudonyms {
  private constructor(private readonly key: Buffer) {}

  /** The key is generated once, by the first server that needs it, and kept in the database (every server shares it). */
  static async load(db: Executor): Promise<BallotPseudonyms> {
    const key = await new AppSecretsRepository(db).getOrCreate(
      KEY_NAME,
      randomBytes(32).toString('base64url'),
    );
    return new BallotPseudonyms(Buffer.from(key, 'base64url'));
  }

  of(userId: number, topicId: number): string {
    return createHmac('sha256', this.key)
      .update(`${userId}:${topicId}`)
      .digest('hex')
      .slice(0, PSEUDONYM_LENGTH);
  }
}
