import './components/notification-settings.css';

export { NotificationSettings } from './components/NotificationSettings.js';
export { Unsubscription } from './components/Unsubscription.js';
