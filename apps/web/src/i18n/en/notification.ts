import type vi from '../vi/notification.ts';
import type { Phrases } from '../phrases.ts';

export default {
  list: {
    title: 'Your notifications',
    empty: 'No notifications yet',
  },
  workScreen: {
    opening: 'Opening {{app}}…',
    singleSignOn: 'You are signed in once through the portal, without entering your password again.',
    incomplete: 'The link is incomplete: the app or the interaction id is missing.',
    unavailable: 'The app {{app}} is not available to your account.',
    unavailableHint: 'You have not been granted this app, or its service pack has expired. Please contact your business administrator.',
    notConfigured: 'The app {{app}} has no link configured yet.',
  },
} satisfies Phrases<typeof vi>;
