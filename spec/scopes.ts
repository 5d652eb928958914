/** Section 5: the scope values and what each permits, as the consent page shows them. */
export const SCOPES = {
  basic_user_info: 'basic user information (full name, e-mail)',
  autoupload: 'the automatic ad-sending system',
  autoservice: "changing the user's settings for lead receipt and webhook sending",
  chat: 'chat configuration and receipt of chat messages',
} as const;

export type Scope = keyof typeof SCOPES;

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
