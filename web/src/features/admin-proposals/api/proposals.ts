import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PropositionDto } from '../../../../../common/api/catalogue.js';
import type { ProposalDto, ProposalsData, RejectProposalBody } from '../../../../../common/api/proposals.js';
import { apiRequest } from '../../../shared/api/index.js';
import { topicKeys } from '../../topics/index.js';

/** Query keys of the review queue; every decision invalidates all of them (the list and the count). */
const proposalKeys = {
  all: ['admin', 'proposals'] as const,
  list: ['admin', 'proposals', 'list'] as const,
  count: ['admin', 'proposals', 'count'] as const,
};

/** The proposals awaiting review, oldest first, and how many there are. */
export function useProposals() {
  return useQuery({
    queryKey: proposalKeys.list,
    queryFn: ({ signal }) => apiRequest<ProposalsData>('/admin/proposals', { signal }),
  });
}

/**
 * The number beside the admin panel's entry: read again whenever the administrator comes back to the
 * window, since voters add proposals while they are away.
 */
export function usePendingProposals() {
  return useQuery({
    queryKey: proposalKeys.count,
    queryFn: ({ signal }) => apiRequest<{ pending: number }>('/admin/proposals/count', { signal }),
    refetchOnWindowFocus: 'always',
  });
}

/**
 * A decided proposal leaves the queue at once (the list and the count lose it before the server is asked
 * again), then both are read again.
 */
function forgetProposal(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<ProposalsData>(proposalKeys.list, (data) =>
    data?.proposals.some((proposal) => proposal.id === id)
      ? { proposals: data.proposals.filter((proposal) => proposal.id !== id), pending: data.pending - 1 }
      : data,
  );
  queryClient.setQueryData<{ pending: number }>(proposalKeys.count, (data) =>
    data ? { pending: Math.max(0, data.pending - 1) } : data,
  );
  return queryClient.invalidateQueries({ queryKey: proposalKeys.all });
}

/** Publishes a proposal: it joins its topic's public ranking with the points it already has. */
export function useApproveProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposal: ProposalDto) =>
      apiRequest<{ proposition: PropositionDto }>(`/admin/proposals/${proposal.id}/approve`, {
        method: 'POST',
      }),
    onSuccess: (_data, proposal) =>
      Promise.all([
        forgetProposal(queryClient, proposal.id),
        queryClient.invalidateQueries({ queryKey: topicKeys.rankings(proposal.topic.id) }),
      ]),
  });
}

/** Turns a proposal down: it leaves the ballots that name it, and each of their voters is told why. */
export function useRejectProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ proposal, ...body }: RejectProposalBody & { proposal: ProposalDto }) =>
      apiRequest<{ rejected: true; ballots: number }>(`/admin/proposals/${proposal.id}/reject`, {
        method: 'POST',
        body,
      }),
    onSuccess: (_data, { proposal }) => forgetProposal(queryClient, proposal.id),
  });
}

/**
 * After a proposal was merged into a proposition (the catalogue's merge, which reads the catalogue and
 * the rankings again itself): the queue forgets it.
 */
export function useForgetMergedProposal() {
  const queryClient = useQueryClient();
  return (id: number) => forgetProposal(queryClient, id);
}
