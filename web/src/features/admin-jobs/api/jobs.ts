import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobListData, JobRetryData } from '../../../../../common/api/jobs.js';
import { apiRequest } from '../../../shared/api/index.js';

const jobsKey = ['admin', 'jobs'] as const;

/** Recent and failed jobs, and the count in each state; looked at again every half minute while open. */
export function useAdminJobs() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiRequest<JobListData>('/admin/jobs', { query: { limit: 50 }, signal }),
    refetchInterval: 30_000,
  });
}

/** Queues a failed job again; both lists are read again. */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<JobRetryData>(`/admin/jobs/${id}/retry`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
