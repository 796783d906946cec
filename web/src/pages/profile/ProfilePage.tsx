import { PagePlaceholder } from '../../shared/ui/PagePlaceholder.js';

export function ProfilePage() {
  return <PagePlaceholder titleKey="page.profile.title" />;
}
