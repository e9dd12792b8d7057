import { describe, expect, it } from 'vitest';
import type { UnitOfferPack } from '@portal/contracts';
import { isUpgrade } from './upgrade-offer.ts';

const pack = (id: string, level: UnitOfferPack['level'], paymentAmount: number, userBand: UnitOfferPack['userBand'] = '2-20'): UnitOfferPack => ({
  id,
  name: id,
  level,
  userBand,
  paymentAmount,
  moneyType: 'VND',
  highlightFeatures: null,
  trialDays: null,
  serviceNames: [],
});

describe('which packs are an upgrade', () => {
  const plus = pack('plus', 'Plus', 1_800_000);
  it('is none of the current, free or trial packs, nor a cheaper smaller one', () => {
    expect(isUpgrade(plus, [plus])).toBe(false);
    expect(isUpgrade(pack('free', 'Free', 0), [plus])).toBe(false);
    expect(isUpgrade(pack('trial', 'Trial', 0), [])).toBe(false);
    expect(isUpgrade(pack('essentials', 'Essentials', 900_000), [plus])).toBe(false);
  });
  it('is a dearer pack, or one for more users, or any paid pack when the unit holds none', () => {
    expect(isUpgrade(pack('premium', 'Premium', 3_000_000), [plus])).toBe(true);
    expect(isUpgrade(pack('wider', 'Essentials', 1_000_000, '21-100'), [plus])).toBe(true);
    expect(isUpgrade(pack('essentials', 'Essentials', 900_000), [])).toBe(true);
  });
});
