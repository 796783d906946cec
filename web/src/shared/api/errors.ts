/** A refusal from the API (or the client's own timeout / network failure), carrying the envelope's code. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

/** Codes the client raises itself; their texts live in the shell catalog as `error.<CODE>`. */
export const CLIENT_ERROR_CODES = { timeout: 'CLIENT_TIMEOUT', network: 'CLIENT_NETWORK' } as const;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
