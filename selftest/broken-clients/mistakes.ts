/**
 * The broken clients: the reference client's journal with one mistake each, named by what the
 * client did wrong, beside the one requirement that mistake must fail (and no other).
 */
export const MISTAKES = {
  'reuses-a-code': 'C2.2-01',
  'exchanges-a-code-late': 'C2.2-02',
  'keeps-a-refused-catalog-id': 'C2.6-01',
  'stops-at-an-unknown-status': 'C3-01',
  'refuses-an-unknown-status-delivery': 'C3-02',
  'sends-a-bearer-to-the-catalog': 'C4-01',
  'puts-the-token-in-the-listing-url-too': 'C4-02',
  'sends-an-unregistered-redirect-uri': 'C4.1-01',
  'sends-no-state': 'C4.1-02',
  'changes-the-redirect-uri-at-the-token-endpoint': 'C4.2-01',
  'invents-a-page-token': 'C4.4-01',
  'stops-at-the-first-page': 'C4.4-02',
  'goes-past-a-null-next-token': 'C4.4-03',
  'loops-on-a-repeated-token': 'C4.4-04',
  'asks-500-a-page': 'C4.4-05',
  'puts-the-secret-in-the-authorize-url': 'C5-01',
  'answers-deliveries-too-late': 'C6-01',
  'accepts-a-forged-delivery': 'C6-02',
  'refuses-a-duplicate-delivery': 'C6-03',
  'retries-a-block-at-full-speed': 'C7.3-01',
  'resumes-at-full-speed': 'C7.3-02',
  'reuses-a-denied-token': 'C7.3-03',
  'storms-the-edge-with-retries': 'CFN-01',
  'deletes-a-configuration-with-put': 'C4.6-01',
  'creates-a-configuration-twice': 'C4.6-02',
  'asks-for-a-scope-in-the-wrong-case': 'C5-02',
  'exchanges-a-code-never-issued': 'C7-01',
  'uses-the-retired-listing': 'C9-01',
  'gives-up-after-an-edge-answer': 'CFN-02',
} as const;

export type Mistake = keyof typeof MISTAKES;

/**
 * Secret-looking values a careless journal could have let through: the broken clients put them
 * where their mistake is, so the report card's evidence must pass them through redaction.
 */
export const RAW_SECRETS = {
  clientSecret: 'cs-Zq8vN3xT7pW2kR5mY9bL',
  code: 'AUTHCODE-4f7a9c2e1b8d6f3a0c5e7b9d2f4a6c8e1b3d5f7a',
  password: 'pw-Hunter2-Qx7Lm4Rt',
  notificationToken: 'nt-Wb6Yc3Kd8Fg2Jh5Lm9Np',
};
