/** Query keys of the back-office people-and-words screens; mutations invalidate exactly their list. */
export const adminPeopleKeys = {
  users: ['admin', 'users'] as const,
  userList: (q: string, offset: number) => ['admin', 'users', { q, offset }] as const,
  translations: ['admin', 'translations'] as const,
  translationList: (filters: object) => ['admin', 'translations', 'list', filters] as const,
  missing: (language: string) => ['admin', 'translations', 'missing', language] as const,
  audit: (filters: object) => ['admin', 'audit', filters] as const,
};
