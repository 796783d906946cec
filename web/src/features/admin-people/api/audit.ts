import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditListData } from '../../../../../common/api/audit.js';
import { apiRequest } from '../../../shared/api/index.js';
import { adminPeopleKeys } from './keys.js';

export const AUDIT_PAGE_SIZE = 25;

export interface AuditFilters {
  actor: string;
  entityType: string;
  from: string;
  to: string;
  offset: number;
  /** One topic's history: its own entries, its tags' and its propositions'. */
  topicId?: number;
  /** Changes when the topic does, so that its history is read again (the topic page's ranking version). */
  version?: number;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: adminPeopleKeys.audit(filters),
    queryFn: ({ signal }) =>
      apiRequest<AuditListData>('/admin/audit', {
        query: {
          actor: filters.actor.trim() || undefined,
          entityType: filters.entityType || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          topicId: filters.topicId,
          limit: AUDIT_PAGE_SIZE,
          offset: filters.offset,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
