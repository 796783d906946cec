import './components/exports-admin.css';

export { ExportsAdmin } from './components/ExportsAdmin.js';
