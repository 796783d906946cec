import './components/admin-settings.css';

export { useSettings } from './api/settings.js';
export { SettingsAdmin } from './components/SettingsAdmin.js';
