import type { Requirement } from './types.js';

/** The normative sentences of section 9 (versioning). */
export const SECTION_9: readonly Requirement[] = [
  // 9 Versioning
  {
    id: 'R9-01',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The ad listing path carries the version segment v1.',
    check: {
      kind: 'sentence',
      words: 'The ad listing path carries the version segment `v1`',
      rfcServerFails: 'no',
      productionFails:
        'no: the older POST /autoupload/published with a bare array is not conformant (field notes say so too)',
    },
  },
  {
    id: 'R9-02',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'The notification configuration path carries v1.',
    check: {
      kind: 'sentence',
      words: 'the notification configuration path carries `v1`',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-03',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'The notification configuration feature is a beta version and can change as needed.',
    untestable: 'a statement of policy, not of behaviour',
    check: {
      kind: 'sentence',
      words:
        'The notification configuration feature is a beta version and can change as needed. (untestable)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-04',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The set of ad status values can gain or lose values.',
    untestable:
      'a statement about the future; its consequence for clients (tolerate unknown values) is R3-01',
    check: {
      kind: 'sentence',
      words: 'The set of ad status values can gain or lose values. (untestable; its consequence is R3-01)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-05',
    section: '9',
    area: 'versioning',
    severity: 'minor',
    text: 'Catalog ids were equalized with the insertion flow; integrators must update their stored model ids.',
    untestable: 'an instruction to integrators about ids stored before the equalization',
    check: {
      kind: 'sentence',
      words:
        'Catalog ids were equalized with the insertion flow; integrators must update their stored model ids. (untestable)',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
  {
    id: 'R9-06',
    section: '9',
    area: 'versioning',
    severity: 'normal',
    text: 'The authorization, token, basic-info and catalog paths carry no version segment.',
    check: {
      kind: 'sentence',
      words: 'The authorization, token, basic-info and catalog paths carry no version segment.',
      rfcServerFails: 'no',
      productionFails: 'no',
    },
  },
];
