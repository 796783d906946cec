import type { Language } from '../../../../../common/constants.js';

/** Query keys of the back-office catalogue; a write invalidates the lists it changes. */
export const catalogueKeys = {
  all: ['admin-catalogue'] as const,
  categories: ['admin-catalogue', 'categories'] as const,
  tags: ['admin-catalogue', 'tags'] as const,
  topics: ['admin-catalogue', 'topics'] as const,
  topicList: (status: string, language: Language) =>
    ['admin-catalogue', 'topics', 'list', status, language] as const,
  topic: (key: string, language: Language) => ['admin-catalogue', 'topics', 'detail', key, language] as const,
};
