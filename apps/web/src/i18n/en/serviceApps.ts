import type vi from '../vi/serviceApps.ts';
import type { Phrases } from '../phrases.ts';

export default {
  fields: {
    unit: 'Company',
    service: 'Service',
    code: 'Code',
    description: 'Description',
    createdAt: 'Created',
    status: 'Status',
  },
  appUser: {
    refused: 'The service app refused the user: {{reason}}',
    title: 'Service users',
    user: 'User',
    fullName: 'Full name',
    deleteQuestion: 'Remove "{{name}}" from {{service}}? Their account in the app is deactivated.',
    activate: 'Are you sure you want to activate "{{name}}" in {{service}}?',
    deactivate: 'Are you sure you want to deactivate "{{name}}" in {{service}}?',
    services: "The user's services",
  },
  sync: {
    label: 'Sync',
    synced: 'Synced',
    pending: 'Pending',
    failed: 'Failed',
    action: 'Sync',
    question: "Sync every user and group of {{unit}} to the {{service}} app?",
    done: 'Sync Successful',
    progressTitle: 'Sync progress',
    close: 'Close',
    counts: '{{finished}} of {{total}} objects done, {{failed}} failed.',
    retrying: '{{count}} waiting for a retry (the app did not answer).',
    failedTitle: 'Sync not complete: the app refused {{count}} objects',
  },
  role: {
    title: 'Service roles',
    name: 'Role name',
    deleteQuestion: 'Delete the role "{{name}}"? Users holding it in the app lose it.',
    activate: 'Are you sure you want to activate the role "{{name}}"?',
    deactivate: 'Are you sure you want to deactivate the role "{{name}}"?',
  },
  profile: {
    title: 'Service profiles',
    name: 'Profile name',
    deleteQuestion: 'Delete the profile "{{name}}"? Users with it in the app lose it.',
    activate: 'Are you sure you want to activate the profile "{{name}}"?',
    deactivate: 'Are you sure you want to deactivate the profile "{{name}}"?',
  },
  group: {
    title: 'Service user groups',
    name: 'Group name',
    deleteQuestion: 'Delete the group "{{name}}"? It is removed from the service app.',
    activate: 'Are you sure you want to activate the group "{{name}}"?',
    deactivate: 'Are you sure you want to deactivate the group "{{name}}"?',
  },
} satisfies Phrases<typeof vi>;
