import type { Requirement } from './types.js';

/** The normative sentences of section 8 (limits). */
export const SECTION_8: readonly Requirement[] = [
  // 8 Limits (the rows about registration and codes)
  {
    id: 'R8-01',
    section: '8',
    area: 'registration',
    severity: 'normal',
    text: 'Registered redirect URIs: 1 to 3.',
    check: {
      kind: 'sentence',
      words: 'registered redirect URIs | application registration | 1 to 3',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-02',
    section: '8',
    area: 'token',
    severity: 'critical',
    text: 'Authorization code lifetime: 10 minutes; single use.',
    check: {
      kind: 'sentence',
      words: 'authorization code lifetime | code | 10 minutes; single use',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-03',
    section: '8',
    area: 'listing',
    severity: 'normal',
    text: '`fetch_size` default: 200.',
    check: {
      kind: 'sentence',
      words: '`fetch_size` default | ad listing | 200',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-04',
    section: '8',
    area: 'listing',
    severity: 'critical',
    text: '`fetch_size` maximum and items per page: 200.',
    check: {
      kind: 'sentence',
      words: '`fetch_size` maximum; items per page | ad listing | 200',
      rfcServerFails: 'no: a fetch_size above 200 may be clamped or refused',
      productionFails: 'no',
    },
  },
  {
    id: 'R8-05',
    section: '8',
    area: 'listing',
    severity: 'normal',
    text: 'A per-second request limit exists on the ad listing and yields RATE_LIMIT.',
    check: {
      kind: 'sentence',
      words: 'request rate | ad listing | a per-second request limit exists and yields `RATE_LIMIT`',
      rfcServerFails: 'no',
      productionFails:
        "no: the limit is lowered through the contract's rate_limit helper; production's 5,000 a minute is never met by the suite",
    },
  },
];
