import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseHandle } from '../../db/database.js';
import { AppSecretsRepository } from './app-secrets-repository.js';

/**
 * The signing key: JWT_SECRET when given; otherwise generated once and kept, in a file beside the
 * SQLite database, or in the database itself on PostgreSQL so that every app server shares it.
 */
export async function resolveJwtSecret(
  handle: DatabaseHandle,
  options: { configured?: string; dataDir: string },
): Promise<Uint8Array> {
  if (options.configured) return new TextEncoder().encode(options.configured);
  const generated = randomBytes(48).toString('base64url');
  if (handle.kind === 'postgres') {
    return new TextEncoder().encode(
      await new AppSecretsRepository(handle.db).getOrCreate('jwt_secret', generated),
    );
  }
  const file = join(options.dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, generated, { mode: 0o600, flag: 'wx' });
  }
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}
