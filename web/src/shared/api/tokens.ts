import { STORAGE_KEYS } from '../../../../common/constants.js';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

// Storage can throw (disabled cookies, private modes); the app then behaves as signed out.
function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Nothing else to do: the session simply will not survive a reload.
  }
}

/** Access and refresh tokens, kept in localStorage so every tab shares one session. */
export const tokenStore = {
  read(): StoredTokens {
    return { token: read(STORAGE_KEYS.token), refreshToken: read(STORAGE_KEYS.refreshToken) };
  },
  hasSession(): boolean {
    const { token, refreshToken } = this.read();
    return Boolean(token && refreshToken);
  },
  save(tokens: { accessToken: string; refreshToken: string }): void {
    write(STORAGE_KEYS.token, tokens.accessToken);
    write(STORAGE_KEYS.refreshToken, tokens.refreshToken);
  },
  clear(): void {
    write(STORAGE_KEYS.token, null);
    write(STORAGE_KEYS.refreshToken, null);
  },
};
