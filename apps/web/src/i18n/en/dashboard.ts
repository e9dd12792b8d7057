import type vi from '../vi/dashboard.ts';
import type { Phrases } from '../phrases.ts';

export default {
  period: 'Period',
  fromDate: 'From',
  toDate: 'To',
  unit: 'Business',
  allUnits: 'All businesses',
  live: 'Live updates',
  ownFigures: 'Your own sign-in figures',
  myServices: { title: 'Your services', loading: 'Loading…', none: 'No service has been granted to you yet', active: 'Active', expired: 'Expired', open: 'Open', openNamed: 'Open {{name}}' },
  figures: {
    numberUnitsActive: 'Active businesses',
    totalUnit: 'Total businesses',
    numberUserActive: 'Active users',
    totalUser: 'Total users',
    userOnline: 'Users online',
    numberUserSignIn: 'Sign-ins',
    numberOfUnitsImplementation: 'Businesses implementing',
    numberOfUnitsJustImplementation: 'Businesses just implemented',
    numberOfUserJustAddInDay: 'Users added today',
    numberDeviceSignin: 'Devices signed in',
    numberOfSignin: 'Sign-ins',
    numberOfSignout: 'Sign-outs',
  },
  charts: {
    access: 'Access chart',
    serviceUsage: 'Service usage chart',
    signIn: 'Sign-ins',
    signOut: 'Sign-outs',
    units: 'Businesses using it (left axis)',
    accesses: 'Accesses in the period (right axis)',
  },
  empty: 'No activity in this period',
} satisfies Phrases<typeof vi>;
