import type vi from '../vi/common.ts';
import type { Phrases } from '../phrases.ts';

export default {
  appName: 'SSO Portal',
  loading: 'Loading…',
  retry: 'Retry',
  ok: 'OK',
  cancel: 'Cancel',
  close: 'Close',
  back: 'Back',
  backHome: 'Back to home',
  version: 'Version {{version}}',
  language: { label: 'Language', vi: 'Tiếng Việt', en: 'English' },
  notFound: { title: 'PAGE NOT FOUND', description: 'The page you are looking for does not exist or has moved.' },
  forbidden: {
    title: 'Access denied',
    description: 'You do not have permission to access this feature',
  },
  account: {
    menu: 'Account',
    manage: 'Manage account',
    changePassword: 'Change password',
    signOut: 'Sign out',
  },
  sidebar: { collapse: 'Collapse menu', expand: 'Expand menu', open: 'Open menu', close: 'Close menu' },
  sessionExpired: {
    title: 'Session expired',
    description: 'Login session expired, please login again',
    action: 'Sign in again',
  },
  envFailed: {
    title: 'The portal settings could not be loaded',
    description: 'Please check your network connection and try again.',
  },
} satisfies Phrases<typeof vi>;
