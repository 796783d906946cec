import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * What a repository runs its SQL on: the database, or a transaction (Kysely's Transaction is a Kysely).
 * A service opens the transaction and builds the repositories it needs on it, so every statement of
 * one write commits or rolls back together.
 */
export type Executor = Kysely<Database>;
