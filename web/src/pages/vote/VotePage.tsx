import { PagePlaceholder } from '../../shared/ui/PagePlaceholder.js';

export function VotePage() {
  return <PagePlaceholder titleKey="page.vote.title" />;
}
