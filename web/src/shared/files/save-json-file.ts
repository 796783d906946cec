import { saveBlobFile } from './save-blob-file.js';

/**
 * Has the browser save `value` as the JSON file `fileName`, as a download would: the data is already in
 * the page (fetched with the bearer token, which a plain link could not send).
 */
export function saveJsonFile(fileName: string, value: unknown): void {
  saveBlobFile(fileName, new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
}
