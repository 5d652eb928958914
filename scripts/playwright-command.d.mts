export const PACKAGE_ROOT: string;
export function playwrightTestArgs(): string[];
