// Types for the root package's bench, which reuses this server.
export const PUBLIC_DIR: string;
export function resolvePublicFile(pathname: string): string | null;
export function startStaticServer(): Promise<{ url: string; close: () => Promise<void> }>;
