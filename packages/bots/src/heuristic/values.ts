import type { Role } from '@coup/engine';
import { BASE_VALUE } from '../cards';
import type { CardValue } from '../cards';
import type { Model } from './model';

/**
 * Card values for the table at hand: captain is stronger heads-up (steals hurt the only opponent),
 * contessa matters while assassins are around, assassin matters once it can be paid for.
 */
export function heuristicValue(m: Model): CardValue {
  const { t } = m;
  const headsUp = t.opponents.length === 1;
  const assassinsAround =
    t.unseen.assassin > 0 && t.opponents.some((o) => m.recs[o.seat]?.claims.has('assassin') || o.coins >= 3);
  return (role: Role) => {
    let v = BASE_VALUE[role];
    if (role === 'captain' && headsUp) v += 1;
    if (role === 'contessa' && assassinsAround) v += 1.5;
    if (role === 'assassin' && t.coins >= 3) v += 0.5;
    return v;
  };
}
