import type { AppDeps } from '../context';

/** Demo data of this group; runs once on an empty database, after the groups before it. */
export async function seed(_deps: AppDeps): Promise<void> {}
