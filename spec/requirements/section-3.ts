import type { Requirement } from './types.js';

/** The normative sentences of section 3 (ad statuses). */
export const SECTION_3: readonly Requirement[] = [
  // 3 States
  {
    id: 'R3-01',
    section: '3',
    area: 'listing',
    severity: 'normal',
    text: 'Public ad status values are pending_review, published, deleted and refused; the set can grow or shrink and clients must tolerate unknown values.',
    check: {
      kind: 'sentence',
      words:
        'The set of values can grow, or some values can disappear, in the future; clients must tolerate unknown values.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R3-02',
    section: '3',
    area: 'token',
    severity: 'critical',
    text: 'The authorization code is consumed by one successful token request: a failed request (a wrong client secret, another redirect_uri) leaves it usable.',
    check: {
      kind: 'sentence',
      words: 'consumed by one successful token request; never reusable',
      rfcServerFails:
        'no: RFC 6749 only requires a second use after a success to be denied (4.1.2); a server revoking a code on a suspected attack is not tried here',
      productionFails: 'no',
    },
  },
];
