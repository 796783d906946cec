import { useMutation } from '@tanstack/react-query';
import type { Language } from '../../../../../common/constants.js';
import { apiFile } from '../../../shared/api/index.js';
import { saveBlobFile } from '../../../shared/files/save-blob-file.js';

/** The administrators' CSV exports (server/modules/opendata): each downloaded fresh, with the session. */
export const EXPORT_FILES = ['categories', 'tags', 'topics', 'propositions', 'ballots'] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];

/** Downloads one export and has the browser save it under the name the server gives it. */
export function useDownloadExport() {
  return useMutation({
    mutationFn: async ({ file, language }: { file: ExportFile; language: Language }) => {
      const fetched = await apiFile(`/admin/exports/${file}.csv`, { lng: language });
      saveBlobFile(fetched.fileName ?? `podium-${file}.csv`, fetched.blob);
    },
  });
}
