import type vi from '../vi/passkeys.ts';
import type { Phrases } from '../phrases.ts';

export default {
  signin: {
    button: 'Sign in with a passkey',
  },
  enrol: {
    title: 'Create a passkey',
    subtitle: 'Your business requires signing in with a passkey for the account {{username}}.',
    intro: 'Create a passkey on this device to finish signing in. From then on, you sign in with it instead of your password and a code.',
  },
  failure: {
    cancelled: 'The passkey request was cancelled or timed out. Try again when you are ready.',
    'already-registered': 'This device already holds a passkey for your account.',
    unsupported: 'This browser or device cannot use passkeys here.',
    failed: 'The passkey could not be used, please try again.',
  },
  settings: {
    title: 'Passkeys',
    description: 'Sign in with your fingerprint, face or device PIN instead of a password. A passkey cannot be phished, and counts as two-factor authentication.',
    empty: 'You have no passkey yet.',
    add: 'Add a passkey',
    addStep: 'Name the passkey so you can recognise it later, then confirm it is you with your password (or a passkey you already have). Your browser will then ask you to create the passkey.',
    create: 'Create the passkey',
    name: 'Passkey name',
    nameHint: 'For example: work laptop, my phone.',
    defaultName: 'My passkey',
    password: 'Current password',
    passwordRequired: 'Enter your current password',
    withPasskey: 'Confirm with a passkey instead',
    created: 'Added {{date}}',
    lastUsed: 'last used {{date}}',
    neverUsed: 'never used',
    rename: 'Rename',
    renameOf: 'Rename the passkey {{name}}',
    save: 'Save',
    renamed: 'Passkey renamed',
    remove: 'Remove',
    removeOf: 'Remove the passkey {{name}}',
    removeConfirmTitle: 'Remove the passkey “{{name}}”?',
    removeConfirmText: 'You will no longer be able to sign in with it. Your password and other passkeys still work.',
    removeStep: 'Confirm it is you to remove the passkey “{{name}}”.',
    added: 'Passkey added',
    removed: 'Passkey removed',
  },
} satisfies Phrases<typeof vi>;
