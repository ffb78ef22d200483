/** sha256 (16 hex digits) over the files a build is made from. */
export function sourceHash(root: string): string;
/** The build id of a source hash: the same for every build of one commit. */
export function buildIdOf(hash: string): string;
