import { assassinate, coup, exchange, foreignAid, income, steal, tax } from './classic-actions';
import { defineRuleset } from './ruleset';

/** The base game (RULES.md): the ambassador exchanges 2 cards and blocks steals with the captain. */
export const original = defineRuleset({
  id: 'original',
  roles: ['duke', 'assassin', 'captain', 'ambassador', 'contessa'],
  actions: [
    income,
    foreignAid,
    coup,
    tax,
    assassinate,
    steal(['captain', 'ambassador']),
    exchange('ambassador', 2),
  ],
});
