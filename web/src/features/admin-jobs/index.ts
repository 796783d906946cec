import './components/admin-jobs.css';

export { JobsAdmin } from './components/JobsAdmin.js';
