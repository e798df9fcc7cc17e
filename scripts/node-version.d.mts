export type Version = [number, number, number];
export function parseVersion(text: string): Version | null;
export function minimumOf(range: string): Version;
export function compareVersions(a: Version, b: Version): number;
export function unsupportedNodeMessage(versions: { found: string; range: string; pinned: string }): string | null;
export function checkNode(found?: string): string | null;
export function requireSupportedNode(): void;
