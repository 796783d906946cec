import './components/notifications.css';

export { notificationKeys } from './api/notifications.js';
export { NotificationBell } from './components/NotificationBell.js';
export { NotificationsInbox } from './components/NotificationsInbox.js';
