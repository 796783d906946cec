import { spawn, spawnSync } from 'node:child_process';
import { BackupRefused } from './backup-file.js';

export type PgTool = 'pg_dump' | 'pg_restore';

/** Refuses, saying how to install them, when PostgreSQL's client programs are not on this machine. */
export function requirePgTool(tool: PgTool): void {
  if (spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0) return;
  throw new BackupRefused(
    `${tool} is not installed: PostgreSQL backups use PostgreSQL's own client programs. ` +
      "Install them (Debian, Ubuntu: apt-get install postgresql-client), of the server's major version or newer.",
  );
}

/** The URL as it may be shown or passed on a command line: without its password. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/**
 * Runs pg_dump or pg_restore (on the database `url` names, when one is), and fails with what the tool wrote to stderr
 * when it exits with anything but 0. The password travels in PGPASSWORD, not on the command line, which
 * every user of the machine can read (ps). Answers what the tool wrote to stdout (a backup's own output goes to
 * its file, so this is empty then).
 */
export async function runPgTool(tool: PgTool, args: string[], url?: string): Promise<string> {
  requirePgTool(tool);
  const password = url ? decodeURIComponent(new URL(url).password) : '';
  const target = url ? [`--dbname=${withoutPassword(url)}`] : [];
  const child = spawn(tool, [...args, ...target], {
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    // The last lines say why; a long list of errors need not be kept whole.
    stderr = (stderr + chunk).slice(-4000);
  });
  const status = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  if (status !== 0) throw new PgToolFailed(tool, status, stderr.trim());
  return stdout;
}

export class PgToolFailed extends Error {
  override name = 'PgToolFailed';
  constructor(
    readonly tool: PgTool,
    readonly status: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} failed (exit status ${status ?? 'none: killed'}): ${stderr || 'it said nothing'}`);
  }
}
