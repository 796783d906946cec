import './components/admin-people.css';

export { AuditLog } from './components/AuditLog.js';
export { TranslationsAdmin } from './components/TranslationsAdmin.js';
export { UsersAdmin } from './components/UsersAdmin.js';
