/** Query keys of the voting feature. */
export const votingKeys = {
  userVotes: (topicId: number, userId: number) => ['votes', 'user', topicId, userId] as const,
};
