import { Notification } from 'react-admin';

/** react-admin's snackbar, in a chunk of its own (App.tsx fetches it as the app starts, off the first paint's path). */
export const AppNotification = () => <Notification />;
