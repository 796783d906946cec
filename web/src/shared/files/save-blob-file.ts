/** Has the browser save `blob` as `fileName`, as a download would (a file fetched with the bearer token). */
export function saveBlobFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the click's download has taken the blob (revoking at once can cancel it in some browsers).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
