import type vi from '../vi/system.ts';
import type { Phrases } from '../phrases.ts';

export default {
  mailOutbox: {
    description: "The portal's mail. While no SMTP server is configured, mail is held here to be read.",
    search: 'Search by recipient or subject',
    status: 'Status',
    allStatuses: 'All statuses',
    statuses: { pending: 'Waiting', sent: 'Sent', failed: 'Failed', held: 'Held (no SMTP)' },
    recipient: 'Recipient',
    subject: 'Subject',
    createdAt: 'Time',
    attempts: 'Attempts',
    view: 'View',
    empty: 'No mail yet',
    refresh: 'Refresh',
  },
  twoFactorPolicy: {
    description: 'Default policy: applies to platform staff and to units without a policy of their own.',
    status: 'Status',
    enabled: 'Required',
    disabled: 'Not required',
    statusHint: 'When required, every user enters a code sent by e-mail when signing in; users who turned two-factor on themselves are always asked as this policy says.',
    trigger: 'When the code is asked',
    triggers: { first_login: 'First login', new_device: 'New device', recurring: 'Recurring' },
    recurrence: 'Every',
    days: { d1: '1 day', d7: '7 days', d30: '30 days', d60: '2 months', d90: '3 months', d180: '6 months', d365: '1 year' },
    save: 'Save policy',
    saved: 'Policy saved',
    turnOn: 'Make it required',
    turnOff: 'Make it optional',
    confirmTitle: 'Confirm the status change',
    codeStep: 'Enter the 6-digit code sent to {{destination}}.',
    code: 'Verification code',
    confirm: 'Confirm',
    statusChanged: 'Status updated',
  },
} satisfies Phrases<typeof vi>;
