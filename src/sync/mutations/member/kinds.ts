import type { AnyMutationKind } from '../../engine/registry';
import { profileMetafield } from './profile-metafield';

/** Mutation kinds of one area: the member's profile (delivery address, birth date). */
export const MEMBER_KINDS: readonly AnyMutationKind[] = [profileMetafield];
