import type vi from '../vi/signin.ts';
import type { Phrases } from '../phrases.ts';

export default {
  title: 'Sign in',
  subtitle: "Sign in to manage your business's services",
  username: 'Username',
  password: 'Password',
  submit: 'Sign in',
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  redirecting: 'Taking you to the sign-in page…',
  completing: 'Completing sign-in…',
  failed: 'The sign-in could not be completed',
  restart: 'Sign in again',
  brandTitle: 'One account for every service',
  brandText: "CRM, IC, LCM, WFM and the rest of your business's services, with a single sign-in.",
  privacyPolicy: 'Privacy policy',
  termsOfService: 'Terms of service',
} satisfies Phrases<typeof vi>;
