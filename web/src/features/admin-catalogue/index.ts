import './components/catalogue.css';

export { useAdminTopic } from './api/topics.js';
export { CategoriesAdmin } from './components/CategoriesAdmin.js';
export { TagsAdmin } from './components/TagsAdmin.js';
export {
  AddPropositionForm,
  MergePropositionForm,
  PropositionActions,
  TopicEditor,
} from './components/TopicEditor.js';
export { TopicsAdmin } from './components/TopicsAdmin.js';
