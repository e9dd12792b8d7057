import type vi from '../vi/commerce.ts';
import type { Phrases } from '../phrases.ts';

export default {
  pack: {
    title: 'Service packs',
    name: 'Service pack',
    services: 'Services in the pack',
    serviceCount: 'Services',
    level: 'Level',
    userBand: 'Users',
    pricePerUserMonth: 'Price per user per month',
    discountPercent: 'Discount (%)',
    paymentAmount: 'Payment amount',
    highlightFeatures: 'Highlight features',
    trialDays: 'Trial period (days)',
    expiryMonths: 'Expiry (months; empty for unlimited)',
    expiry: 'Expiry',
    unlimited: 'Unlimited',
    months: '{{count}} months',
    unitsUsing: 'Companies using it',
    createdAt: 'Created',
    deleteQuestion: 'Are you sure you want to delete the service pack "{{name}}"?',
    deleteInUse:
      'The service pack is currently in use. Are you sure you want to delete it? {{count}} companies lose this pack: its services close for them unless another of their packs holds them.',
    activate: 'Are you sure you want to activate the service pack "{{name}}"?',
    deactivate: 'Are you sure you want to deactivate the service pack "{{name}}"? Users of the companies holding it can no longer sign into its services.',
  },
} satisfies Phrases<typeof vi>;
