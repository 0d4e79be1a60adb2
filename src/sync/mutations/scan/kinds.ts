import type { AnyMutationKind } from '../../engine/registry';
import { deviceRegisterKind } from './device-register';
import { multiscanKind } from './multiscan';
import { scanCodeKind } from './code';
import { scanManagerKind } from './manager';

/** Mutation kinds of one area: Scanning, XP and devices. */
export const SCAN_KINDS: readonly AnyMutationKind[] = [
  scanCodeKind,
  multiscanKind,
  scanManagerKind,
  deviceRegisterKind,
];
