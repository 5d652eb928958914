/**
 * The authorization area's rules (4.1, 5, 7.1: GET /oauth, login, consent, the way back to the
 * client), by name: the reference behaviour, which faults and variants patch (rules/patch.ts).
 */
export const AUTHORIZATION_RULES = {};
export type AuthorizationRules = typeof AUTHORIZATION_RULES;
