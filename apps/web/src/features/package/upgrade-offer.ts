import { USER_COUNT_BANDS, type UnitOfferPack } from '@portal/contracts';

/** Packs that are no purchase: nothing to ask customer care for. */
const NOT_FOR_SALE: readonly UnitOfferPack['level'][] = ['Trial', 'Free'];

const bandRank = (pack: UnitOfferPack) => USER_COUNT_BANDS.indexOf(pack.userBand);

/**
 * Whether asking for a pack would be an upgrade for a unit holding `current`: a paid pack it does
 * not hold, dearer or for more users than the most it holds now (any paid pack when it holds none).
 */
export function isUpgrade(pack: UnitOfferPack, current: readonly UnitOfferPack[]): boolean {
  if (current.some((held) => held.id === pack.id)) return false;
  if (NOT_FOR_SALE.includes(pack.level) || pack.paymentAmount <= 0) return false;
  if (current.length === 0) return true;
  const dearest = Math.max(...current.map((held) => held.paymentAmount));
  const largest = Math.max(...current.map(bandRank));
  return pack.paymentAmount > dearest || bandRank(pack) > largest;
}

/** A band's people, for the plural of "user" ("1 user", "2-20 users"). */
export const bandCount = (band: UnitOfferPack['userBand']) => (band === '1' ? 1 : 2);
