import type vi from '../vi/legal.ts';
import type { Phrases } from '../phrases.ts';

export default {
  privacy: {
    title: 'Privacy policy',
    updated: 'Last updated: 01/11/2026',
    sections: {
      collect: {
        heading: 'What we collect',
        body: 'We collect the business and account details you give when signing up (business name, business registration code, name, e-mail, phone number) and sign-in records (device, IP address, browser, time) to protect your account.',
      },
      use: {
        heading: 'How we use it',
        body: 'The information is used to provide single sign-on, manage users and service packs, and send verification codes and account notices. We do not sell your information to third parties.',
      },
      protect: {
        heading: 'How we protect it',
        body: "Passwords are stored only as one-way hashes (argon2id); each business's data is kept apart from every other business; every change is logged.",
      },
      rights: {
        heading: 'Your rights',
        body: "You can view and update your account at any time under Manage account, or ask your business's administrator to delete it.",
      },
    },
  },
  terms: {
    title: 'Terms of service',
    updated: 'Last updated: 01/11/2026',
    sections: {
      accept: {
        heading: 'Acceptance',
        body: 'By signing up for or using the portal you accept these terms on behalf of your business.',
      },
      account: {
        heading: 'Your account',
        body: 'You are responsible for keeping your password and verification codes secret, and for telling us at once about any unauthorised access.',
      },
      trial: {
        heading: 'Trials and service packs',
        body: 'Trial accounts are free for the trial period. When it ends, upgrade your service pack to keep using the services.',
      },
      use: {
        heading: 'Acceptable use',
        body: 'Do not use the service to send spam, to access other systems without permission, or to break the law.',
      },
    },
  },
} satisfies Phrases<typeof vi>;
